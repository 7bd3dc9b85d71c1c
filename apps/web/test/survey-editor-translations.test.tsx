import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import axe from 'axe-core';
import { screen, waitFor, within } from '@testing-library/react';
import type { PublicSurvey, Survey } from '@quorum/contract';
import { paths } from '@/config/paths';
import { renderEditorAt } from './support/render-editor';
import { makeSurvey } from './support/surveys';

const openPreview = vi.hoisted(() => vi.fn<(survey: PublicSurvey, surveyId?: string) => void>());
vi.mock('@/lib/preview-handoff', () => ({ openPreview }));

// Each test renders the whole editor; a busy machine needs more than the default five seconds.
vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  openPreview.mockReset();
  vi.restoreAllMocks();
});

const base = makeSurvey({
  surveyId: 's1',
  title: 'Lunch',
  projectName: 'Canteen',
  questions: [{ id: 'q1', text: 'Tea?', type: 'multiple_choice', options: ['Yes', 'No', 'Maybe'] }],
});
const withGerman = makeSurvey({
  ...base,
  translations: { de: { title: 'Mittag', questions: { q1: { options: ['Ja', 'Nein', 'Vielleicht'] } } } },
});
const editEntry = (survey: Survey) => ({ pathname: '/surveys/s1/edit', state: { survey } });

/** Every request: its path and body; a translation asked for answers `drafted`, a save answers the survey. */
function captureRequests(drafted: unknown = {}, translateStatus = 200, aiTranslation = true) {
  const sent: Array<{ path: string; body: Record<string, unknown> }> = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = String(input);
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    if (path === '/api/config') {
      return new Response(JSON.stringify({ recaptchaSiteKey: null, recaptchaScriptUrl: null, aiTranslation }), {
        headers: { 'content-type': 'application/json' },
      });
    }
    sent.push({ path, body });
    if (path.endsWith('/translate')) {
      const answer =
        translateStatus === 200
          ? { language: body.language, translation: drafted }
          : { code: 'AI_NOT_CONFIGURED', message: 'No AI provider is configured' };
      return new Response(JSON.stringify(answer), {
        status: translateStatus,
        headers: { 'content-type': 'application/json' },
      });
    }
    return new Response(JSON.stringify({ ...base, ...body }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return sent;
}

// GET /api/config offers "Translate with AI" unless a test says otherwise.
beforeEach(() => {
  captureRequests();
});

const languagesPanel = () =>
  screen.getByRole('heading', { level: 2, name: 'Languages' }).closest('section') as HTMLElement;
const translationView = (language: string) =>
  screen.getByRole('heading', { level: 2, name: `Translate into ${language}` }).closest('section') as HTMLElement;

describe('the Languages panel', () => {
  it('adds German, shows what is missing, counts down while typing, and saves the translation', async () => {
    const sent = captureRequests();
    const { user } = renderEditorAt(editEntry(base));
    const panel = languagesPanel();
    expect(within(panel).getByRole('combobox', { name: /Default language/ })).toHaveValue('en');
    expect(within(panel).getByText(/No other languages yet/)).toBeInTheDocument();

    await user.selectOptions(within(panel).getByRole('combobox', { name: 'Language to add' }), 'de');
    await user.click(within(panel).getByRole('button', { name: 'Add a language' }));
    // Title, question and three options.
    expect(within(panel).getByText('5 texts missing')).toBeInTheDocument();
    const view = translationView('German');
    expect(within(view).getByText('Missing: 5 texts')).toBeInTheDocument();
    expect(within(view).getAllByText('Missing')).toHaveLength(5);

    const title = within(view).getByRole('textbox', { name: 'Survey title in German' });
    expect(title).toHaveAccessibleDescription('Lunch Missing');
    expect(title).toHaveAttribute('lang', 'de');
    expect(title).toHaveAttribute('dir', 'ltr');
    expect(within(view).getByText('Lunch')).toHaveAttribute('lang', 'en');
    await user.type(title, 'Mittag');
    expect(within(view).getByText('Missing: 4 texts')).toBeInTheDocument();
    expect(within(panel).getByText('4 texts missing')).toBeInTheDocument();
    expect(title).toHaveAccessibleDescription('Lunch');
    await user.type(within(view).getByRole('textbox', { name: 'Question 1, option 2 in German' }), 'Nein');

    await user.click(screen.getByRole('button', { name: 'Update Survey' }));
    await waitFor(() => expect(sent).toHaveLength(1), { timeout: 4000 });
    expect(sent[0]!.body).toMatchObject({
      defaultLanguage: 'en',
      translations: { de: { title: 'Mittag', questions: { q1: { options: ['', 'Nein'] } } } },
    });
  });

  it('keeps a translated option with its option when another is removed', async () => {
    const sent = captureRequests();
    const { user } = renderEditorAt(editEntry(withGerman));
    await user.click(screen.getByRole('button', { name: 'Remove option 2' }));
    await user.click(screen.getByRole('button', { name: 'Update Survey' }));
    await waitFor(() => expect(sent).toHaveLength(1), { timeout: 4000 });
    expect(sent[0]!.body.translations).toEqual({
      de: { title: 'Mittag', questions: { q1: { options: ['Ja', 'Vielleicht'] } } },
    });
  });

  it('removes a language after asking, and offers the added ones no more as the default', async () => {
    const sent = captureRequests();
    const { user } = renderEditorAt(editEntry(withGerman));
    const panel = languagesPanel();
    const defaults = within(panel).getByRole('combobox', { name: /Default language/ });
    expect(within(defaults).queryByRole('option', { name: 'German' })).toBeNull();
    expect(within(panel).getByText('1 text missing')).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Remove German' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove German?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(within(panel).getByText(/No other languages yet/)).toBeInTheDocument();
    await waitFor(() => expect(within(panel).getByRole('combobox', { name: 'Language to add' })).toHaveFocus());
    expect(within(defaults).getByRole('option', { name: 'German' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Update Survey' }));
    await waitFor(() => expect(sent).toHaveLength(1), { timeout: 4000 });
    expect(sent[0]!.body.translations).toEqual({});
  });
});

describe('translating side by side', () => {
  it('shows only the missing texts when asked, and keeps them while they are typed', async () => {
    const { user } = renderEditorAt(editEntry(withGerman));
    await user.click(screen.getByRole('button', { name: 'Translate into German' }));
    const view = translationView('German');
    expect(within(view).getAllByRole('textbox')).toHaveLength(5);
    await user.click(within(view).getByRole('checkbox', { name: /Show missing only/ }));
    const only = within(view).getAllByRole('textbox');
    expect(only).toHaveLength(1);
    await user.type(only[0]!, 'Tee?');
    expect(within(view).getAllByRole('textbox')).toHaveLength(1);
    expect(within(view).getByText('Every text is translated.')).toBeInTheDocument();
  });

  it('writes right to left for Arabic, and passes axe', async () => {
    const survey = makeSurvey({ ...base, translations: { ar: {} } });
    const { user } = renderEditorAt(editEntry(survey));
    await user.click(screen.getByRole('button', { name: 'Translate into Arabic' }));
    const view = translationView('Arabic');
    const input = within(view).getByRole('textbox', { name: 'Question 1 in Arabic' });
    expect(input).toHaveAttribute('dir', 'rtl');
    expect(input).toHaveAttribute('lang', 'ar');
    const results = await axe.run(view, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });

  it('previews the draft in the language', async () => {
    const { user } = renderEditorAt(editEntry(withGerman));
    await user.click(screen.getByRole('button', { name: 'Translate into German' }));
    await user.click(within(translationView('German')).getByRole('button', { name: 'Preview in German' }));
    expect(openPreview).toHaveBeenCalledTimes(1);
    expect(openPreview.mock.calls[0]![0]).toMatchObject({
      language: 'de',
      languages: ['en', 'de'],
      title: 'Mittag',
      questions: [{ text: 'Tea?', options: ['Ja', 'Nein', 'Vielleicht'] }],
    });
  });
});

describe('Translate with AI', () => {
  it('fills the empty texts for review, asks before replacing typed ones, and saves nothing by itself', async () => {
    const sent = captureRequests({
      title: 'Mittagessen',
      questions: { q1: { text: 'Tee?', options: ['Ja', 'Nein', 'Vielleicht'] } },
    });
    const { user } = renderEditorAt(editEntry(withGerman));
    await user.click(screen.getByRole('button', { name: 'Translate into German' }));
    const view = translationView('German');
    await user.click(await within(view).findByRole('button', { name: 'Translate with AI' }));
    const dialog = await screen.findByRole('dialog', { name: 'Replace 1 text you typed?' });
    expect(sent).toEqual([{ path: '/api/surveys/s1/translate', body: { language: 'de' } }]);
    await user.click(within(dialog).getByRole('button', { name: 'Keep mine' }));

    expect(within(view).getByRole('textbox', { name: 'Survey title in German' })).toHaveValue('Mittag');
    const question = within(view).getByRole('textbox', { name: 'Question 1 in German' });
    expect(question).toHaveValue('Tee?');
    expect(question).toHaveAccessibleDescription('Tea? Drafted by AI — review');
    expect(within(view).getAllByText('Drafted by AI — review')).toHaveLength(1);
    expect(within(view).getByText('Every text is translated.')).toBeInTheDocument();
    expect(screen.getByText(/1 text drafted by AI/)).toBeInTheDocument();
    // Typing over a drafted text makes it the author's.
    await user.type(question, '!');
    expect(within(view).queryByText('Drafted by AI — review')).toBeNull();
    expect(sent).toHaveLength(1);
  });

  it('replaces typed texts when the author agrees', async () => {
    captureRequests({ title: 'Mittagessen' });
    const { user } = renderEditorAt(editEntry(withGerman));
    await user.click(screen.getByRole('button', { name: 'Translate into German' }));
    const view = translationView('German');
    await user.click(await within(view).findByRole('button', { name: 'Translate with AI' }));
    const dialog = await screen.findByRole('dialog', { name: 'Replace 1 text you typed?' });
    await user.click(within(dialog).getByRole('button', { name: 'Replace' }));
    expect(within(view).getByRole('textbox', { name: 'Survey title in German' })).toHaveValue('Mittagessen');
  });

  it('says why it failed', async () => {
    captureRequests({}, 503);
    const { user } = renderEditorAt(editEntry(withGerman));
    await user.click(screen.getByRole('button', { name: 'Translate into German' }));
    await user.click(await within(translationView('German')).findByRole('button', { name: 'Translate with AI' }));
    expect(await within(translationView('German')).findByRole('alert')).toHaveTextContent(
      'Failed to translate: No AI provider is configured',
    );
  });

  it('asks to save the survey first when it is new or its texts changed', async () => {
    const { user } = renderEditorAt(editEntry(withGerman));
    await user.type(screen.getByRole('textbox', { name: /Survey Title/ }), '!');
    await user.click(screen.getByRole('button', { name: 'Translate into German' }));
    const view = translationView('German');
    const button = await within(view).findByRole('button', { name: 'Translate with AI' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAccessibleDescription(/^Save the survey first/);
    await user.click(button);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is offered only once a new survey is saved', async () => {
    const { user } = renderEditorAt(paths.user.createSurvey.getHref());
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language to add' }), 'fr');
    await user.click(screen.getByRole('button', { name: 'Add a language' }));
    const view = translationView('French');
    expect(await within(view).findByRole('button', { name: 'Translate with AI' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });
});
