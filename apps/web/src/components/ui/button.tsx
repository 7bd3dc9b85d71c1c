import { forwardRef, type MouseEvent } from 'react';
import { ButtonBase, type ButtonBaseProps } from './button-base';
import { Tooltip } from './tooltip';

export { buttonClasses } from './button-base';

export interface ButtonProps extends ButtonBaseProps {
  /**
   * Why the button is disabled. With `disabled`, the button stays focusable (`aria-disabled`
   * instead of `disabled`, clicks ignored) and shows this text as a tooltip and as its
   * accessible description, so keyboard and screen-reader users learn the reason too.
   */
  disabledReason?: string | null;
}

/** The app's button: variants, sizes, a loading state, and a disabled state that can say why. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { disabled, disabledReason, onClick, ...props },
  ref,
) {
  if (!disabled || !disabledReason) return <ButtonBase {...props} ref={ref} disabled={disabled} onClick={onClick} />;
  return (
    <Tooltip content={disabledReason}>
      <ButtonBase
        {...props}
        ref={ref}
        aria-disabled
        onClick={(event: MouseEvent<HTMLButtonElement>) => event.preventDefault()}
      />
    </Tooltip>
  );
});
