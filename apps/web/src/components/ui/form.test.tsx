import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Form, FormTextField, useZodForm } from './form';

// The check takes a promise's turn, so the busy form shows its fields disabled before the refusal arrives.
const schema = z
  .object({ name: z.string().min(1, 'Name is required'), city: z.string().min(1, 'City is required') })
  .superRefine(async () => {
    await Promise.resolve();
  });
type Values = z.infer<typeof schema>;

/** A form that disables its fields while a submit is under way, as the product's busy forms do. */
function BusyForm() {
  const form = useZodForm<Values>(schema, { defaultValues: { name: '', city: '' } });
  const busy = form.formState.isSubmitting;
  return (
    <Form form={form} onSubmit={() => undefined} aria-label="Place">
      <FormTextField<Values> label="Name" name="name" disabled={busy} />
      <FormTextField<Values> label="City" name="city" disabled={busy} />
      <button type="submit">Save</button>
    </Form>
  );
}

describe('Form', () => {
  it('gives the first refused field the focus once the fields are enabled again', async () => {
    const user = userEvent.setup();
    render(<BusyForm />);
    await user.type(screen.getByLabelText('Name'), 'Rita');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('City is required')).toBeVisible();
    expect(screen.getByLabelText('City')).toBeEnabled();
    expect(screen.getByLabelText('City')).toHaveFocus();
  });
});
