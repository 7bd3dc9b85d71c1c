import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicSurvey, Question } from '@quorum/contract';
import { i18n } from '@/i18n/i18n';
import { SurveyRunner } from './survey-runner';
import { makePublicSurvey } from '@test/support/surveys';

// A survey in English and German, answered through the real fetchers against a fetch that plays the server.

const ENGLISH: Question[] = [
  { id: 'day', text: 'Which day?', type: 'multiple_choice', options: ['Friday', 'Saturday'], allowOther: true },
  { id: 'more', text: 'Anything else?', type: 'text', options: [], required: false },
];
const GERMAN: Question[] = [
  { ...ENGLISH[0]!, text: 'Welcher Tag?', options: ['Freitag', 'Samstag'] } as Question,
  { ...ENGLISH[1]!, text: 'Noch etwas?' } as Question,
];

function inLanguage(language: string, overrides: Partial<PublicSurvey> = {}): PublicSurvey {
  const german = language === 'de';
  return makePublicSurvey({
    title: german ? 'Festival-Umfrage' : 'Festival survey',
    questions: german ? GERMAN : ENGLISH,
    language,
    languages: ['en', 'de'],
    ...overrides,
  });
}

interface Server {
  /** The `lang` of each GET …/public, undefined without one. */
  asked: Array<string | undefined>;
  /** The body of each POST …/responses. */
  sent: Array<Record<string, unknown>>;
}

/**
 * The server: GET …/public answers `survey(lang)` (a language it does not offer gets the default), POST …/visits a
 * visit, POST …/responses 201. `fail` makes GET …/public?lang=<fail> answer 500.
 */
function serve(survey: (lang: string | undefined) => PublicSurvey, fail?: string): Server {
  const server: Server = { asked: [], sent: [] };
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
    if (method === 'GET' && url.pathname === '/api/surveys/s1/public') {
      const lang = url.searchParams.get('lang') ?? undefined;
      server.asked.push(lang);
      if (lang !== undefined && lang === fail) return json({ message: 'Down', code: 'INTERNAL' }, 500);
      return json(survey(lang));
    }
    if (method === 'POST' && url.pathname === '/api/surveys/s1/visits') return json({ visitId: 'v1' }, 201);
    if (method === 'POST' && url.pathname.startsWith('/api/surveys/s1/visits/'))
      return new Response(null, { status: 204 });
    if (method === 'POST' && url.pathname === '/api/surveys/s1/responses') {
      server.sent.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
      return json({ responseId: 'r1' }, 201);
    }
    throw new Error(`unexpected call ${method} ${url.pathname}${url.search}`);
  });
  return server;
}

const offered = (lang: string | undefined) => inLanguage(lang === 'de' ? 'de' : 'en');
const navigate = vi.fn();

async function open() {
  const user = userEvent.setup();
  render(<SurveyRunner projectId="p" surveyId="s1" navigate={navigate} />);
  await screen.findByRole('heading', { level: 2 });
  return user;
}

const switcher = () => screen.getByRole('combobox', { name: /^(Language|Sprache)$/ });
const optionNames = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);

beforeEach(() => {
  navigate.mockReset();
  window.history.replaceState(null, '', '/projects/p/surveys/s1');
});

describe('a survey in more than one language', () => {
  it('has no switcher in one language: the interface’s language menu stays', async () => {
    const server = serve(() => makePublicSurvey());
    await open();
    expect(optionNames(switcher())).toEqual(['English', 'Deutsch', 'Español', 'العربية']);
    expect(server.asked).toEqual([undefined]);
    // Its texts keep the page's language: a survey made before languages says English whatever it is written in.
    expect(screen.getByRole('group')).not.toHaveAttribute('lang');
  });

  it('offers its languages, each in its own name, in place of the interface’s menu', async () => {
    serve(offered);
    await open();
    expect(screen.getAllByRole('combobox')).toHaveLength(1);
    expect(optionNames(switcher())).toEqual(['English', 'Deutsch']);
    expect(switcher()).toHaveValue('en');
    expect(screen.getByRole('group')).toHaveAttribute('lang', 'en');
  });

  it('switches where the respondent is: the chosen option stays chosen, the address and the interface follow', async () => {
    const server = serve(offered);
    const user = await open();
    await user.click(screen.getByRole('radio', { name: 'Saturday' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(await screen.findByRole('textbox', { name: /^Anything else\?/ }), 'Great');

    await user.selectOptions(switcher(), 'de');
    expect(await screen.findByRole('heading', { level: 2, name: /^Noch etwas\?/ })).toBeVisible();
    expect(server.asked).toEqual([undefined, 'de']);
    expect(screen.getByRole('textbox', { name: /^Noch etwas\?/ })).toHaveValue('Great');
    expect(screen.getByRole('heading', { level: 1, name: 'Festival-Umfrage' })).toBeVisible();
    expect(switcher()).toHaveValue('de');
    // The interface speaks German too, and remembers it; the address and this browser keep the survey's language.
    await waitFor(() => expect(i18n.language).toBe('de'));
    expect(screen.getByText('Frage 2 von 2')).toBeVisible();
    expect(document.documentElement.lang).toBe('de');
    expect(screen.getByRole('group')).toHaveAttribute('lang', 'de');
    expect(window.location.search).toBe('?lang=de');
    expect(localStorage.getItem('quorum.survey-language.s1')).toBe('de');
    expect(localStorage.getItem('quorum.language')).toBe('de');

    await user.click(screen.getByRole('button', { name: 'Zurück' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Welcher Tag?' })).toBeVisible();
    expect(screen.getByRole('radio', { name: 'Samstag' })).toBeChecked();
    // Chosen, not an "Other" text.
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    await user.click(await screen.findByRole('button', { name: 'Absenden' }));
    await waitFor(() => expect(server.sent).toHaveLength(1));
    expect(server.sent[0]).toMatchObject({
      answers: [
        { questionId: 'day', answer: 'Samstag' },
        { questionId: 'more', answer: 'Great' },
      ],
      language: 'de',
    });
    expect(server.sent[0]).not.toHaveProperty('hiddenFields');
  });

  it('sends the language it was answered in', async () => {
    const server = serve(offered);
    const user = await open();
    await user.click(screen.getByRole('radio', { name: 'Friday' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(server.sent).toHaveLength(1));
    expect(server.sent[0]).toEqual({
      answers: [{ questionId: 'day', answer: 'Friday' }],
      language: 'en',
      visitId: 'v1',
    });
  });

  it('asks for the link’s language, which is not a hidden field', async () => {
    window.history.replaceState(null, '', '/projects/p/surveys/s1?source=mail&lang=de');
    const server = serve((lang) => inLanguage(lang === 'de' ? 'de' : 'en', { hiddenFields: ['source'] }));
    const user = await open();
    expect(server.asked).toEqual(['de']);
    expect(screen.getByRole('heading', { level: 2, name: 'Welcher Tag?' })).toBeVisible();
    await user.click(screen.getByRole('radio', { name: 'Freitag' }));
    await user.click(screen.getByRole('button', { name: /^(Next|Weiter)$/ }));
    await user.click(await screen.findByRole('button', { name: /^(Skip|Überspringen)$/ }));
    await waitFor(() => expect(server.sent).toHaveLength(1));
    expect(server.sent[0]).toMatchObject({ hiddenFields: { source: 'mail' }, language: 'de' });
  });

  it('asks for the language remembered in this browser when the link names none', async () => {
    localStorage.setItem('quorum.survey-language.s1', 'de');
    const server = serve(offered);
    await open();
    expect(server.asked).toEqual(['de']);
    expect(switcher()).toHaveValue('de');
  });

  it('reads answers saved in another language in the one the link asks for', async () => {
    const user = userEvent.setup();
    const server = serve(offered);
    const first = render(<SurveyRunner projectId="p" surveyId="s1" navigate={navigate} />);
    await screen.findByRole('heading', { level: 2 });
    await user.selectOptions(switcher(), 'de');
    await user.click(await screen.findByRole('radio', { name: 'Samstag' }));
    first.unmount();
    // The link from the invitation, in English.
    window.history.replaceState(null, '', '/projects/p/surveys/s1?lang=en');
    render(<SurveyRunner projectId="p" surveyId="s1" navigate={navigate} />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Which day?' })).toBeVisible();
    expect(server.asked).toEqual([undefined, 'de', 'en', 'de']);
    expect(screen.getByRole('radio', { name: 'Saturday' })).toBeChecked();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('leaves the link’s lang to a hidden field named lang: the language is chosen without it', async () => {
    window.history.replaceState(null, '', '/projects/p/surveys/s1?lang=de');
    const server = serve((lang) => inLanguage(lang === 'de' ? 'de' : 'en', { hiddenFields: ['lang'] }));
    const user = await open();
    expect(server.asked).toEqual(['de', undefined]);
    expect(screen.getByRole('heading', { level: 2, name: 'Which day?' })).toBeVisible();
    // Switching keeps the address's lang for the hidden field.
    await user.selectOptions(switcher(), 'de');
    expect(await screen.findByRole('heading', { level: 2, name: 'Welcher Tag?' })).toBeVisible();
    expect(window.location.search).toBe('?lang=de');
    await user.selectOptions(switcher(), 'en');
    expect(await screen.findByRole('heading', { level: 2, name: 'Which day?' })).toBeVisible();
    expect(window.location.search).toBe('?lang=de');
    await user.click(screen.getByRole('radio', { name: 'Friday' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(server.sent).toHaveLength(1));
    expect(server.sent[0]).toMatchObject({ hiddenFields: { lang: 'de' }, language: 'en' });
  });

  it('keeps the language shown when another cannot be loaded, and says so', async () => {
    serve(offered, 'de');
    const user = await open();
    await user.click(screen.getByRole('radio', { name: 'Saturday' }));
    await user.selectOptions(switcher(), 'de');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The survey could not be loaded in this language. Check your connection and try again.',
    );
    expect(switcher()).toHaveValue('en');
    expect(screen.getByRole('radio', { name: 'Saturday' })).toBeChecked();
    expect(window.location.search).toBe('');
  });

  it('writes a language the interface does not speak in its own direction, the interface’s words in theirs', async () => {
    serve((lang) =>
      makePublicSurvey({
        questions: [{ id: 'q', text: 'ما طبقك المفضل؟', type: 'text', options: [] }],
        language: lang === 'fa' ? 'fa' : 'ur',
        languages: ['ur', 'fa'],
      }),
    );
    await open();
    const group = screen.getByRole('group');
    expect(group).toHaveAttribute('lang', 'ur');
    expect(group).toHaveAttribute('dir', 'rtl');
    expect(within(group).getByText('Question 1')).toHaveAttribute('lang', 'en');
    expect(i18n.language).toBe('en');
    expect(optionNames(switcher())).toEqual(['اردو', 'فارسی']);
  });
});
