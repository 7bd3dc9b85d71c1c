import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '@/components/ui/button';
import { Tooltip } from '@/components/ui/tooltip';

const REASON = 'Maximum active surveys limit reached';

describe('Button', () => {
  it('explains why it is disabled: stays focusable, ignores clicks, shows and announces the reason', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(
      <Button disabled disabledReason={REASON} onClick={onClick}>
        Launch
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Launch' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).not.toHaveAttribute('disabled');
    expect(button).toHaveAccessibleDescription(REASON);
    expect(screen.queryByRole('tooltip')).toBeNull();

    await user.tab();
    expect(button).toHaveFocus();
    expect(screen.getByRole('tooltip')).toHaveTextContent(REASON);
    await user.keyboard('{Enter}');
    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
    await user.tab();
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('is a plain disabled button without a reason, and an ordinary one when enabled', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    const { rerender } = render(
      <Button disabled disabledReason={REASON} onClick={onClick}>
        Launch
      </Button>,
    );
    rerender(
      <Button disabled onClick={onClick}>
        Launch
      </Button>,
    );
    expect(screen.getByRole('button', { name: 'Launch' })).toBeDisabled();
    rerender(
      <Button disabledReason={REASON} onClick={onClick}>
        Launch
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Launch' });
    expect(button).toBeEnabled();
    expect(button).not.toHaveAttribute('aria-disabled');
    await user.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('shows a spinner and is busy and disabled while loading', () => {
    render(<Button loading>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
  });
});

describe('Tooltip', () => {
  it('shows on hover and keeps the trigger’s own description', async () => {
    const user = userEvent.setup();
    render(
      <>
        <p id="own">Copies the public link</p>
        <Tooltip content="Copy link">
          <button type="button" aria-describedby="own">
            Copy
          </button>
        </Tooltip>
      </>,
    );
    const button = screen.getByRole('button', { name: 'Copy' });
    expect(button).toHaveAccessibleDescription('Copies the public link Copy link');
    await user.hover(button);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Copy link');
    // The hint stays while the pointer is on its way to it; moving off elsewhere hides it.
    await user.unhover(button);
    await user.pointer({ target: document.body, coords: { clientX: 400, clientY: 400 } });
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
