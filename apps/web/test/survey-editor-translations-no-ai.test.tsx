import { afterEach, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderEditorAt } from './support/render-editor';
import { makeSurvey } from './support/surveys';

// Its own file: the public configuration is read once per page load, and here it offers no AI provider.

afterEach(() => {
  vi.restoreAllMocks();
});

it('offers no "Translate with AI" when the server has no AI provider', async () => {
  const config = vi.spyOn(globalThis, 'fetch').mockImplementation(
    async () =>
      new Response(JSON.stringify({ recaptchaSiteKey: null, recaptchaScriptUrl: null, aiTranslation: false }), {
        headers: { 'content-type': 'application/json' },
      }),
  );
  const survey = makeSurvey({
    surveyId: 's1',
    title: 'Lunch',
    projectName: 'Canteen',
    questions: [{ id: 'q1', text: 'Tea?', type: 'text', options: [] }],
    translations: { de: { title: 'Mittag' } },
  });
  const { user } = renderEditorAt({ pathname: '/surveys/s1/edit', state: { survey } });
  await user.click(screen.getByRole('button', { name: 'Translate into German' }));
  await waitFor(() => expect(config).toHaveBeenCalledWith('/api/config', expect.anything()));
  const view = screen.getByRole('heading', { level: 2, name: 'Translate into German' }).closest('section')!;
  expect(within(view as HTMLElement).getByRole('button', { name: 'Preview in German' })).toBeInTheDocument();
  expect(within(view as HTMLElement).queryByRole('button', { name: 'Translate with AI' })).toBeNull();
  expect(within(view as HTMLElement).queryByText(/^Save the survey first/)).toBeNull();
});
