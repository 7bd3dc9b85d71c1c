import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CAPS_LOCK_ON, TextField } from './field';

const renderPassword = (props: { disabled?: boolean } = {}) => {
  const { container } = render(
    <>
      <TextField label="Password" type="password" name="password" autoComplete="current-password" {...props} />
      <button type="button">Next</button>
    </>,
  );
  return {
    user: userEvent.setup({ delay: null }),
    input: screen.getByLabelText('Password') as HTMLInputElement,
    /** The field's polite live region, there before anything is announced. */
    notice: container.querySelector('[aria-live="polite"]')!,
  };
};

describe('a password field', () => {
  it('shows and hides what was typed with a button that says which it does', async () => {
    const { user, input } = renderPassword();
    await user.type(input, 'Secret-1');
    expect(input).toHaveAttribute('type', 'password');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle).toHaveAttribute('type', 'button');
    expect(toggle).toHaveAttribute('aria-controls', input.id);

    await user.click(toggle);
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveValue('Secret-1');
    expect(toggle).toHaveAccessibleName('Hide password');
    expect(input).toHaveAttribute('autocomplete', 'current-password');
    expect(input).toHaveAttribute('name', 'password');

    await user.click(toggle);
    expect(input).toHaveAttribute('type', 'password');
    expect(toggle).toHaveAccessibleName('Show password');
  });

  it('is toggled by keyboard, from the next stop after the input', async () => {
    const { user, input } = renderPassword();
    await user.click(input);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Show password' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(input).toHaveAttribute('type', 'text');
    await user.keyboard(' ');
    expect(input).toHaveAttribute('type', 'password');
  });

  it('announces Caps Lock while it is on as the user types, and not after leaving the field', async () => {
    const { user, input, notice } = renderPassword();
    await user.click(input);
    await user.keyboard('a');
    expect(notice).toBeEmptyDOMElement();
    expect(screen.queryByText(CAPS_LOCK_ON)).toBeNull();

    await user.keyboard('{CapsLock}B');
    expect(notice).toHaveTextContent(CAPS_LOCK_ON);
    expect(CAPS_LOCK_ON).toBe('Caps Lock is on');

    await user.keyboard('{CapsLock}c');
    expect(notice).toBeEmptyDOMElement();

    await user.keyboard('{CapsLock}D');
    expect(notice).toHaveTextContent(CAPS_LOCK_ON);
    await user.tab();
    expect(notice).toBeEmptyDOMElement();
    await user.keyboard('{CapsLock}');
  });

  it('reads the state from the key press itself', () => {
    renderPassword();
    const input = screen.getByLabelText('Password');
    fireEvent.keyDown(input, { key: 'A', modifierCapsLock: true });
    expect(screen.getByText(CAPS_LOCK_ON)).toBeVisible();
    fireEvent.keyUp(input, { key: 'a', modifierCapsLock: false });
    expect(screen.queryByText(CAPS_LOCK_ON)).toBeNull();
  });

  it('cannot be toggled while the field is disabled', () => {
    renderPassword({ disabled: true });
    expect(screen.getByRole('button', { name: 'Show password' })).toBeDisabled();
  });

  it('leaves other fields as they were', () => {
    render(<TextField label="Email" type="email" name="email" />);
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
