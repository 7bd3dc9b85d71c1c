import { useEffect, useId, useRef, useState, type FocusEvent } from 'react';
import { Check, Monitor, Moon, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { useThemeChoice, type ThemeChoice } from '@/lib/theme';

const OPTIONS = [
  { value: 'system', icon: Monitor },
  { value: 'light', icon: Sun },
  { value: 'dark', icon: Moon },
] as const satisfies ReadonlyArray<{ value: ThemeChoice; icon: typeof Sun }>;

/**
 * The theme button of the top bars: it opens a small panel with the three choices as radio buttons (arrow keys
 * move between them and apply at once; Escape, a click outside or tabbing away closes it). The button's icon is the
 * current choice.
 */
export function ThemeMenu({ className }: { className?: string }) {
  const { t } = useTranslation('common');
  const [choice, setChoice] = useThemeChoice();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const ChoiceIcon = OPTIONS.find((option) => option.value === choice)!.icon;

  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLInputElement>('input:checked')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (panel.current?.contains(target) || button.current?.contains(target)) return;
      setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget;
    if (next instanceof Node && event.currentTarget.contains(next)) return;
    if (next instanceof Node) setOpen(false);
  };

  return (
    <div className={cn('relative', className)} onBlur={onBlur}>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((isOpen) => !isOpen)}
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-control text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900"
      >
        <ChoiceIcon className="size-5" aria-hidden="true" />
        <span className="sr-only">{t('theme.label')}</span>
      </button>
      {open && (
        <div
          ref={panel}
          id={panelId}
          // Phones: under the top bar at the screen's right edge (the button may sit mid-bar); wider: under the button.
          className="fixed top-topbar right-3 z-40 mt-1 w-44 rounded-card border border-slate-200 bg-white p-1.5 shadow-popover sm:absolute sm:top-full sm:right-0 sm:mt-2"
        >
          <fieldset>
            <legend className="px-2 pt-1 pb-1.5 text-xs font-semibold text-slate-600">{t('theme.label')}</legend>
            {OPTIONS.map(({ value, icon: Icon }) => (
              <label
                key={value}
                className={cn(
                  'relative flex h-10 cursor-pointer items-center gap-2.5 rounded-control px-2 text-sm font-medium transition-colors',
                  'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent-600',
                  choice === value ? 'bg-accent-50 text-accent-700' : 'text-slate-700 hover:bg-slate-100',
                )}
              >
                <input
                  type="radio"
                  name={panelId}
                  value={value}
                  checked={choice === value}
                  onChange={() => setChoice(value)}
                  // Over the whole row, invisible: a click anywhere on it is a click on the radio button.
                  className="absolute inset-0 m-0 size-full cursor-pointer appearance-none rounded-control opacity-0"
                />
                <Icon className="size-4 shrink-0" aria-hidden="true" />
                {t(`theme.${value}`)}
                {choice === value && <Check className="ml-auto size-4 shrink-0" aria-hidden="true" />}
              </label>
            ))}
          </fieldset>
        </div>
      )}
    </div>
  );
}
