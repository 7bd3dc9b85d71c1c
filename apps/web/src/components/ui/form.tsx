import { useEffect, useRef, type ComponentProps, type ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  FormProvider,
  useForm,
  useFormContext,
  type FieldPath,
  type FieldValues,
  type Resolver,
  type SubmitErrorHandler,
  type SubmitHandler,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { TextField, type TextFieldProps } from './field';
import { translateValidationMessage } from '@/i18n/validation-messages';

/**
 * The forms' kit, on react-hook-form. The rules every form shares:
 * - the values are checked by a zod schema (the contract's, where one fits) when the form is submitted;
 * - a field's message shows from that submit until the field changes, and is not re-checked while typing;
 * - with `firstErrorOnly`, one message at a time: the first failing field in the schema's order;
 * - the first field with a message takes focus.
 * Submit handlers receive the values as typed; building the request body stays with the form.
 */
export function useZodForm<TValues extends FieldValues>(
  schema: z.ZodType<unknown, TValues>,
  { firstErrorOnly = false, ...options }: Omit<UseFormProps<TValues>, 'resolver'> & { firstErrorOnly?: boolean } = {},
): UseFormReturn<TValues> {
  const resolver = zodResolver(schema, undefined, { raw: true }) as unknown as Resolver<TValues>;
  return useForm<TValues>({
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    ...options,
    resolver: firstErrorOnly ? firstError(resolver) : resolver,
  });
}

/** Keeps only the first field's message (fields in the order the schema reports them). */
export function firstError<TValues extends FieldValues>(resolver: Resolver<TValues>): Resolver<TValues> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const [first] = Object.keys(result.errors);
    if (first === undefined) return result;
    return { values: {}, errors: { [first]: result.errors[first] } as typeof result.errors };
  };
}

/** A `<form>` wired to its react-hook-form instance: the fields inside reach it through the context. */
export function Form<TValues extends FieldValues>({
  form,
  onSubmit,
  onInvalid,
  children,
  ...props
}: Omit<ComponentProps<'form'>, 'onSubmit' | 'children'> & {
  form: UseFormReturn<TValues>;
  onSubmit: SubmitHandler<TValues>;
  onInvalid?: SubmitErrorHandler<TValues>;
  children: ReactNode;
}) {
  const element = useRef<HTMLFormElement>(null);
  const { submitCount, isSubmitting } = form.formState;
  const focusFirstError = form.control._options.shouldFocusError !== false;
  // react-hook-form focuses the failing field while the submit is still under way, when the fields may be disabled
  // (a busy form disables them) and the focus is lost; once the submit has ended and the fields are enabled again,
  // the first field marked invalid, in the page's order, takes the focus.
  useEffect(() => {
    if (!focusFirstError || isSubmitting || submitCount === 0) return;
    const invalid = element.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (invalid && !invalid.contains(document.activeElement)) invalid.focus();
  }, [focusFirstError, isSubmitting, submitCount]);
  return (
    <FormProvider {...form}>
      <form ref={element} {...props} onSubmit={(event) => void form.handleSubmit(onSubmit, onInvalid)(event)}>
        {children}
      </form>
    </FormProvider>
  );
}

export interface FormTextFieldProps<TValues extends FieldValues> extends Omit<
  TextFieldProps,
  'name' | 'value' | 'defaultValue'
> {
  name: FieldPath<TValues>;
  /** A message the form derives as it is typed; the field's own message from the last submit comes first. */
  error?: ReactNode;
  /** Other fields whose message goes away when this one changes (a confirmation and its original). */
  clears?: ReadonlyArray<FieldPath<TValues>>;
}

/** A `TextField` bound to a field of the surrounding `Form`: its value, its message, its focus. */
export function FormTextField<TValues extends FieldValues>({
  name,
  clears = [],
  error: derived,
  onChange,
  onBlur,
  ...props
}: FormTextFieldProps<TValues>) {
  const { register, clearErrors, getFieldState, formState } = useFormContext<TValues>();
  const { error } = getFieldState(name, formState);
  const field = register(name, {
    onChange: (event: Parameters<NonNullable<TextFieldProps['onChange']>>[0]) => {
      const withMessage = [name, ...clears].filter((n) => getFieldState(n).error);
      if (withMessage.length > 0) clearErrors(withMessage);
      onChange?.(event);
    },
    onBlur: (event: Parameters<NonNullable<TextFieldProps['onBlur']>>[0]) => onBlur?.(event),
  });
  const message = error?.message ? translateValidationMessage(error.message) : undefined;
  return <TextField {...props} {...field} error={message ?? derived} />;
}
