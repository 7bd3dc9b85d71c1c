import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SURVEY_MESSAGES } from '@quorum/contract';
import { BrandingImageField } from './branding-image-field';

/** The image check answers `ok` for URLs ending in .png and refuses the rest. */
function mockImageCheck() {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
    const { url } = JSON.parse(String(init?.body)) as { url: string };
    return new Response(JSON.stringify({ ok: url.endsWith('.png') }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
}

function Harness({ submitError }: { submitError?: string }) {
  const [value, setValue] = useState('');
  return <BrandingImageField value={value} onChange={setValue} submitError={submitError} />;
}

function renderField(submitError?: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Harness submitError={submitError} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const field = () => screen.getByRole('textbox', { name: /Branding Image URL/ });
const preview = () => screen.queryByRole('img', { name: 'Branding image preview' });

afterEach(() => vi.restoreAllMocks());

describe('the branding image preview agrees with the field', () => {
  it('shows the image once the check passes, with no message', async () => {
    mockImageCheck();
    const user = renderField();
    await user.type(field(), 'https://example.com/logo.png');
    expect(await screen.findByRole('img', { name: 'Branding image preview' }, { timeout: 3000 })).toBeVisible();
    expect(field()).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(SURVEY_MESSAGES.invalidImageUrl)).not.toBeInTheDocument();
  });

  it('shows no image while the field says the URL is not an image: the preview says it failed to load', async () => {
    mockImageCheck();
    const user = renderField();
    await user.type(field(), 'https://example.com/page.html');
    expect(await screen.findByText(SURVEY_MESSAGES.invalidImageUrl, {}, { timeout: 3000 })).toBeVisible();
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    expect(preview()).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Failed to load image');
  });

  it('shows no image before the check has answered', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise<Response>(() => {}));
    const user = renderField();
    await user.type(field(), 'https://example.com/logo.png');
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled(), { timeout: 3000 });
    expect(screen.getByText('Checking the image...')).toBeVisible();
    expect(preview()).not.toBeInTheDocument();
  });

  it('shows no image beside the message of the last save', async () => {
    mockImageCheck();
    const user = renderField(SURVEY_MESSAGES.invalidImageUrl);
    await user.type(field(), 'https://example.com/logo.png');
    await vi.waitFor(() => expect(globalThis.fetch).toHaveBeenCalled(), { timeout: 3000 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText(SURVEY_MESSAGES.invalidImageUrl)).toBeVisible();
    expect(preview()).not.toBeInTheDocument();
  });
});
