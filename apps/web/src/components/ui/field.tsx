import { useTranslation } from 'react-i18next';
import {
  forwardRef,
  useId,
  useState,
  type InputHTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { CircleAlert, Eye, EyeOff, TriangleAlert } from 'lucide-react';
import { cn } from './cn';

/**
 * Shared look of text controls: slate border with AA contrast against white (3:1 for UI parts),
 * a 2px accent ring on focus (mouse and keyboard: typing needs to show where it goes), red when
 * invalid, muted when disabled or read-only. Placeholder text is slate-500 (4.8:1).
 */
const control =
  'block w-full rounded-control border border-slate-400/80 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs transition-colors duration-150 placeholder:text-slate-500 hover:border-slate-500 focus:border-accent-600 focus:outline-2 focus:outline-offset-0 focus:outline-accent-600 focus-visible:outline-offset-0 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500 [&[readonly]]:border-slate-300 [&[readonly]]:bg-slate-100/70 [&[readonly]]:text-slate-700 aria-[invalid=true]:border-red-600 aria-[invalid=true]:focus:outline-red-600';

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input(
  { className, ...props },
  ref,
) {
  return <input ref={ref} className={cn(control, 'h-10', className)} {...props} />;
});

export type PasswordInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>;

/** What the notice under a password field says while Caps Lock is on. */
/** The Caps Lock warning in English (the `common` catalog words it in the interface's language). */
export const CAPS_LOCK_ON = 'Caps Lock is on';

/**
 * A password input with a button that shows or hides what was typed ("Show password" / "Hide password"), and a
 * notice, announced politely, while Caps Lock is on as the user types in it (read from each key press, cleared
 * when the field loses focus). Shown or hidden, the input keeps its name, value and autocomplete.
 */
export const PasswordInput = forwardRef<HTMLInputElement, PasswordInputProps>(function PasswordInput(
  { className, disabled, onKeyDown, onKeyUp, onBlur, ...props },
  ref,
) {
  const { t } = useTranslation('common');
  const [shown, setShown] = useState(false);
  const [capsLock, setCapsLock] = useState(false);
  const readCapsLock = (event: KeyboardEvent<HTMLInputElement>) => setCapsLock(event.getModifierState('CapsLock'));
  return (
    <div>
      <div className="relative">
        <Input
          ref={ref}
          type={shown ? 'text' : 'password'}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          disabled={disabled}
          className={cn('pe-11', className)}
          {...props}
          onKeyDown={(event) => {
            readCapsLock(event);
            onKeyDown?.(event);
          }}
          onKeyUp={(event) => {
            readCapsLock(event);
            onKeyUp?.(event);
          }}
          onBlur={(event) => {
            setCapsLock(false);
            onBlur?.(event);
          }}
        />
        <button
          type="button"
          aria-label={shown ? t('field.hidePassword') : t('field.showPassword')}
          aria-controls={props.id}
          disabled={disabled}
          onClick={() => setShown((value) => !value)}
          className="absolute inset-y-0 end-0 flex w-10 items-center justify-center rounded-e-control text-slate-600 transition-colors hover:text-slate-900 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent-600 disabled:cursor-not-allowed disabled:text-slate-400"
        >
          {shown ? <EyeOff className="size-4" aria-hidden="true" /> : <Eye className="size-4" aria-hidden="true" />}
        </button>
      </div>
      <p aria-live="polite" className="flex items-center gap-1.5 text-sm font-medium text-amber-800 not-empty:mt-1.5">
        {capsLock && (
          <>
            <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
            {t('field.capsLockOn')}
          </>
        )}
      </p>
    </div>
  );
});

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(function Textarea(
  { className, ...props },
  ref,
) {
  return <textarea ref={ref} className={cn(control, className)} {...props} />;
});

export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(function Select(
  { className, ...props },
  ref,
) {
  return <select ref={ref} className={cn(control, 'h-10 pe-8', className)} {...props} />;
});

interface FieldProps {
  label: ReactNode;
  /** Marks the field as required with an asterisk (the control still needs `required`). */
  required?: boolean;
  hint?: ReactNode;
  error?: ReactNode;
  className?: string;
  /** Renders the control with the ids it must carry. */
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}

/** A label, the control, a hint and an error, wired together for screen readers. */
export function Field({ label, required, hint, error, className, children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
        {required && (
          <span className="ms-0.5 text-red-600" aria-hidden="true">
            *
          </span>
        )}
      </label>
      {children({ id, describedBy, invalid: Boolean(error) })}
      {hint && (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="flex items-start gap-1.5 text-sm text-red-700">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{error}</span>
        </p>
      )}
    </div>
  );
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'children'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  /** Classes of the field (label, control and messages), not of the input. */
  fieldClassName?: string;
  /** Something shown under the input, inside the field (a live list of rules, for example). */
  below?: ReactNode;
  /** More ids that describe the input, after the hint and the error. */
  extraDescribedBy?: string;
}

/**
 * The common case of `Field` + `Input`: a labelled text, email or password input whose hint and
 * error are wired for screen readers. `required` also shows the asterisk. A password field is a `PasswordInput`.
 */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, hint, error, fieldClassName, below, extraDescribedBy, required, type, ...inputProps },
  ref,
) {
  return (
    <Field label={label} required={required} hint={hint} error={error} className={fieldClassName}>
      {({ id, describedBy, invalid }) => {
        const control = {
          ref,
          id,
          required,
          ...inputProps,
          'aria-describedby': [describedBy, extraDescribedBy].filter(Boolean).join(' ') || undefined,
          'aria-invalid': invalid || inputProps['aria-invalid'] || undefined,
        };
        return (
          <>
            {type === 'password' ? <PasswordInput {...control} /> : <Input type={type} {...control} />}
            {below}
          </>
        );
      }}
    </Field>
  );
});
