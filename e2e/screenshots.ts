// `npm run screenshots`: the main screens (sign-in, dashboard, editor, translating a survey, public survey, results)
// in every language and theme, written to docs/screenshots/<screen>-<language>-<theme>-<size>.png. Builds what is
// missing or stale, starts the compiled server on a temporary SQLite database, a free port and an SMTP capture, fills
// it through the public HTTP API (per language, an owner writing in it: a survey of several question types offered
// in all four languages with 30 responses, a draft and a closed survey), and captures each screen in the system
// Chromium: desktop (1280×800) in every language, phone (360×740) in Arabic (right to left) too. Dashboard, editor
// and results go below the fold, the others are the viewport. Usage: npm run screenshots [-- <screen>…] (every
// screen when none is named).
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnswerValue, Survey, SurveyInput } from '@quorum/contract';
import { freePort } from '@quorum/test-support/ports';
import { repoRoot, spawnBuiltServer, waitForOk } from '@quorum/test-support/processes';
import { startSmtpCapture } from '@quorum/test-support/smtp';
import { chromium, request as http, type APIRequestContext, type Browser, type Page } from 'playwright-core';
import { loginViaApi, registerAndVerify, storeSession } from './support/accounts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/env';
import { paths } from './support/paths';
import { createSurveyViaApi, setSurveyStateViaApi, submitResponseViaApi } from './support/surveys';

const OUT_DIR = path.join(repoRoot, 'docs/screenshots');
const LANGUAGES = ['en', 'de', 'es', 'ar'] as const;
const THEMES = ['light', 'dark'] as const;
const SIZES = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 360, height: 740 },
} as const;
type Size = keyof typeof SIZES;
type Language = (typeof LANGUAGES)[number];
const LOCALES: Record<Language, string> = { en: 'en-US', de: 'de-DE', es: 'es-ES', ar: 'ar' };
/** Phones in Arabic only: the right-to-left layout is the one a phone shot adds most to. */
const sizesFor = (language: Language): Size[] => (language === 'ar' ? ['desktop', 'mobile'] : ['desktop']);

// The keys the app keeps the language and theme under (apps/web: src/i18n/languages.ts, src/lib/theme.ts and
// public/theme.js).
const LANGUAGE_KEY = 'quorum.language';
const THEME_KEY = 'quorum.theme';

/** What one language's owner writes: the surveys' own texts, in the language of the screenshots they appear in. */
interface Texts {
  owner: string;
  email: string;
  project: string;
  festival: {
    title: string;
    /** Its questions' texts, in order: heard, overall, recommend, enjoyed, stage, change. */
    questions: [string, string, string, string, string, string];
    heard: [string, string, string, string];
    enjoyed: [string, string, string, string];
    enjoyedHelp: string;
    stages: [string, string, string];
    comments: string[];
  };
  workshop: {
    title: string;
    /** role, days, shirt, experience, notes. */
    questions: [string, string, string, string, string];
    roles: [string, string, string];
    days: [string, string, string];
  };
  market: { project: string; title: string; sales: string; again: string; answers: [string, string, string] };
}

const TEXTS: Record<Language, Texts> = {
  en: {
    owner: 'Maya Lindqvist',
    email: 'maya@harbourfest.example',
    project: 'Harbour Fest',
    festival: {
      title: 'Harbour Fest 2026: visitor feedback',
      questions: [
        'How did you hear about Harbour Fest?',
        'How would you rate the festival overall?',
        'How likely are you to recommend Harbour Fest to a friend?',
        'What did you enjoy most?',
        'Favourite stage',
        'What should we change next year?',
      ],
      heard: ['Friends or family', 'Social media', 'Poster in town', 'Radio'],
      enjoyed: ['Live music', 'Food stalls', 'Harbour boat tours', 'Kids’ corner'],
      enjoyedHelp: 'Pick all that apply.',
      stages: ['Main Stage', 'Lighthouse Tent', 'Pier Garden'],
      comments: [
        'More shade near the Main Stage, please',
        'Shorter queues at the food stalls',
        'Nothing, it was wonderful',
        'More water refill points',
        'Start the boat tours earlier in the day',
        'Bigger signs to the Pier Garden',
      ],
    },
    workshop: {
      title: 'Volunteer workshop sign-up',
      questions: [
        'Which team would you like to join?',
        'Which days can you help?',
        'T-shirt size',
        'How many festivals have you volunteered at?',
        'Anything we should know?',
      ],
      roles: ['Welcome desk', 'Stage crew', 'Recycling'],
      days: ['Friday', 'Saturday', 'Sunday'],
    },
    market: {
      project: 'Spring Market',
      title: 'Spring market: stallholder survey',
      sales: 'How were your sales compared with last year?',
      again: 'Will you book a stall again?',
      answers: ['Yes', 'No', 'Maybe'],
    },
  },
  de: {
    owner: 'Jonas Becker',
    email: 'jonas@hafenfest.example',
    project: 'Hafenfest',
    festival: {
      title: 'Hafenfest 2026: Feedback der Besucher',
      questions: [
        'Wie haben Sie vom Hafenfest erfahren?',
        'Wie bewerten Sie das Festival insgesamt?',
        'Wie wahrscheinlich ist es, dass Sie das Hafenfest weiterempfehlen?',
        'Was hat Ihnen am besten gefallen?',
        'Lieblingsbühne',
        'Was sollten wir nächstes Jahr ändern?',
      ],
      heard: ['Freunde oder Familie', 'Soziale Medien', 'Plakat in der Stadt', 'Radio'],
      enjoyed: ['Livemusik', 'Essensstände', 'Hafenrundfahrten', 'Kinderecke'],
      enjoyedHelp: 'Mehrere Antworten möglich.',
      stages: ['Hauptbühne', 'Leuchtturmzelt', 'Piergarten'],
      comments: [
        'Mehr Schatten vor der Hauptbühne, bitte',
        'Kürzere Schlangen an den Essensständen',
        'Nichts, es war wunderbar',
        'Mehr Stellen zum Wasserauffüllen',
        'Die Hafenrundfahrten früher am Tag beginnen',
        'Größere Schilder zum Piergarten',
      ],
    },
    workshop: {
      title: 'Anmeldung zum Helfer-Workshop',
      questions: [
        'In welchem Team möchten Sie mitmachen?',
        'An welchen Tagen können Sie helfen?',
        'T-Shirt-Größe',
        'Bei wie vielen Festivals haben Sie schon geholfen?',
        'Sollten wir noch etwas wissen?',
      ],
      roles: ['Empfang', 'Bühnenteam', 'Recycling'],
      days: ['Freitag', 'Samstag', 'Sonntag'],
    },
    market: {
      project: 'Frühlingsmarkt',
      title: 'Frühlingsmarkt: Umfrage unter Standbetreibern',
      sales: 'Wie war Ihr Umsatz im Vergleich zum Vorjahr?',
      again: 'Buchen Sie wieder einen Stand?',
      answers: ['Ja', 'Nein', 'Vielleicht'],
    },
  },
  es: {
    owner: 'Lucía Romero',
    email: 'lucia@fiestadelpuerto.example',
    project: 'Fiesta del Puerto',
    festival: {
      title: 'Fiesta del Puerto 2026: opinión de los visitantes',
      questions: [
        '¿Cómo se enteró de la Fiesta del Puerto?',
        '¿Cómo valora el festival en general?',
        '¿Qué probabilidad hay de que recomiende la Fiesta del Puerto a un amigo?',
        '¿Qué es lo que más le gustó?',
        'Escenario favorito',
        '¿Qué deberíamos cambiar el año que viene?',
      ],
      heard: ['Amigos o familia', 'Redes sociales', 'Cartel en la ciudad', 'Radio'],
      enjoyed: ['Música en directo', 'Puestos de comida', 'Paseos en barco', 'Rincón infantil'],
      enjoyedHelp: 'Marque todas las que correspondan.',
      stages: ['Escenario principal', 'Carpa del Faro', 'Jardín del Muelle'],
      comments: [
        'Más sombra junto al escenario principal, por favor',
        'Colas más cortas en los puestos de comida',
        'Nada, fue estupendo',
        'Más puntos para rellenar agua',
        'Empezar los paseos en barco más temprano',
        'Carteles más grandes hacia el Jardín del Muelle',
      ],
    },
    workshop: {
      title: 'Inscripción al taller de voluntarios',
      questions: [
        '¿A qué equipo le gustaría unirse?',
        '¿Qué días puede ayudar?',
        'Talla de camiseta',
        '¿En cuántos festivales ha sido voluntario?',
        '¿Algo más que debamos saber?',
      ],
      roles: ['Recepción', 'Equipo de escenario', 'Reciclaje'],
      days: ['Viernes', 'Sábado', 'Domingo'],
    },
    market: {
      project: 'Mercado de Primavera',
      title: 'Mercado de primavera: encuesta a los puestos',
      sales: '¿Cómo fueron sus ventas comparadas con el año pasado?',
      again: '¿Volverá a reservar un puesto?',
      answers: ['Sí', 'No', 'Quizás'],
    },
  },
  ar: {
    owner: 'ليلى حداد',
    email: 'layla@harbourfest.example',
    project: 'مهرجان الميناء',
    festival: {
      title: 'مهرجان الميناء 2026: آراء الزوار',
      questions: [
        'كيف عرفت بمهرجان الميناء؟',
        'كيف تقيّم المهرجان بشكل عام؟',
        'ما مدى احتمال أن توصي صديقًا بمهرجان الميناء؟',
        'ما الذي أعجبك أكثر؟',
        'المسرح المفضل',
        'ما الذي يجب أن نغيّره في العام القادم؟',
      ],
      heard: ['الأصدقاء أو العائلة', 'وسائل التواصل الاجتماعي', 'ملصق في المدينة', 'الإذاعة'],
      enjoyed: ['الموسيقى الحية', 'أكشاك الطعام', 'جولات القوارب', 'ركن الأطفال'],
      enjoyedHelp: 'اختر كل ما ينطبق.',
      stages: ['المسرح الرئيسي', 'خيمة المنارة', 'حديقة الرصيف'],
      comments: [
        'مزيد من الظل قرب المسرح الرئيسي من فضلكم',
        'طوابير أقصر عند أكشاك الطعام',
        'لا شيء، كان رائعًا',
        'نقاط أكثر لتعبئة المياه',
        'بدء جولات القوارب في وقت أبكر',
        'لافتات أكبر نحو حديقة الرصيف',
      ],
    },
    workshop: {
      title: 'التسجيل في ورشة المتطوعين',
      questions: [
        'إلى أي فريق تود الانضمام؟',
        'في أي الأيام يمكنك المساعدة؟',
        'مقاس القميص',
        'في كم مهرجانًا تطوعت من قبل؟',
        'هل هناك ما يجب أن نعرفه؟',
      ],
      roles: ['مكتب الاستقبال', 'فريق المسرح', 'إعادة التدوير'],
      days: ['الجمعة', 'السبت', 'الأحد'],
    },
    market: {
      project: 'سوق الربيع',
      title: 'سوق الربيع: استبيان أصحاب الأكشاك',
      sales: 'كيف كانت مبيعاتك مقارنة بالعام الماضي؟',
      again: 'هل ستحجز كشكًا مرة أخرى؟',
      answers: ['نعم', 'لا', 'ربما'],
    },
  },
};

/**
 * The festival survey in the owner's language, offered in the other three too: each translation is the other owner's
 * wording, all but the last question (so the editor has something missing to show).
 */
function festivalInput(language: Language): SurveyInput {
  const t = TEXTS[language];
  const [heard, overall, recommend, enjoyed, stage, change] = t.festival.questions;
  const translations: NonNullable<SurveyInput['translations']> = {};
  for (const other of LANGUAGES.filter((code) => code !== language)) {
    const f = TEXTS[other].festival;
    translations[other] = {
      title: f.title,
      questions: {
        heard: { text: f.questions[0], options: f.heard },
        overall: { text: f.questions[1] },
        recommend: { text: f.questions[2] },
        enjoyed: { text: f.questions[3], options: f.enjoyed, description: f.enjoyedHelp },
        stage: { text: f.questions[4], options: f.stages },
      },
    };
  }
  return {
    projectName: t.project,
    title: t.festival.title,
    defaultLanguage: language,
    translations,
    questions: [
      { id: 'heard', text: heard, type: 'multiple_choice', options: t.festival.heard },
      { id: 'overall', text: overall, type: 'rating' },
      { id: 'recommend', text: recommend, type: 'nps' },
      {
        id: 'enjoyed',
        text: enjoyed,
        type: 'checkbox',
        options: t.festival.enjoyed,
        description: t.festival.enjoyedHelp,
        required: false,
      },
      { id: 'stage', text: stage, type: 'dropdown', options: t.festival.stages, required: false },
      { id: 'change', text: change, type: 'text', required: false },
    ],
  };
}

function workshopInput(t: Texts): SurveyInput {
  const [role, days, shirt, experience, notes] = t.workshop.questions;
  return {
    projectName: t.project,
    title: t.workshop.title,
    questions: [
      { id: 'role', text: role, type: 'multiple_choice', options: t.workshop.roles },
      { id: 'days', text: days, type: 'checkbox', options: t.workshop.days },
      { id: 'shirt', text: shirt, type: 'dropdown', options: ['S', 'M', 'L', 'XL'], required: false },
      { id: 'experience', text: experience, type: 'number', required: false },
      { id: 'notes', text: notes, type: 'text', required: false },
    ],
  };
}

function marketInput(t: Texts): SurveyInput {
  return {
    projectName: t.market.project,
    title: t.market.title,
    questions: [
      { id: 'sales', text: t.market.sales, type: 'rating' },
      { id: 'again', text: t.market.again, type: 'multiple_choice', options: t.market.answers },
    ],
  };
}

/** A small seeded generator, so every run fills the same answers and the pictures change only with the app. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function festivalAnswers(t: Texts, next: () => number): Record<string, AnswerValue> {
  const pick = <T>(items: readonly T[], weights: number[] = items.map(() => 1)): T => {
    let roll = next() * weights.reduce((a, b) => a + b, 0);
    for (let i = 0; i < items.length; i++) if ((roll -= weights[i]!) < 0) return items[i]!;
    return items[items.length - 1]!;
  };
  const answers: Record<string, AnswerValue> = {
    heard: pick(t.festival.heard, [5, 4, 2, 1]),
    overall: pick([1, 2, 3, 4, 5], [1, 1, 3, 6, 5]),
    recommend: pick([3, 5, 6, 7, 8, 9, 10], [1, 1, 1, 2, 3, 4, 4]),
  };
  const enjoyed = t.festival.enjoyed.filter((_, i) => next() < [0.8, 0.6, 0.35, 0.2][i]!);
  if (enjoyed.length > 0) answers.enjoyed = enjoyed;
  if (next() < 0.8) answers.stage = pick(t.festival.stages, [5, 3, 2]);
  if (next() < 0.6) answers.change = pick(t.festival.comments);
  return answers;
}

async function submit(
  request: APIRequestContext,
  surveyId: string,
  answers: Record<string, AnswerValue>,
  language?: Language,
) {
  await submitResponseViaApi(
    request,
    surveyId,
    Object.entries(answers).map(([questionId, answer]) => ({ questionId, answer })),
    language,
  );
}

/** One language's owner, signed in, and their surveys. */
interface World {
  language: Language;
  token: string;
  user: Awaited<ReturnType<typeof loginViaApi>>['user'];
  festival: Survey;
  draft: Survey;
}

/**
 * An owner writing in language `t`, with a closed survey, an active one with 30 responses and a draft, made through
 * the public API.
 */
async function fill(request: APIRequestContext, language: Language): Promise<World> {
  const t = TEXTS[language];
  const account = await registerAndVerify(request, { name: t.owner, email: t.email });
  const { token, user } = await loginViaApi(request, account);

  const market = await createSurveyViaApi(request, token, marketInput(t));
  await setSurveyStateViaApi(request, token, market.surveyId, 'active');
  for (const [sales, again] of [
    [4, 0],
    [3, 2],
    [5, 0],
    [2, 1],
  ] as const) {
    await submit(request, market.surveyId, { sales, again: t.market.answers[again] });
  }
  await setSurveyStateViaApi(request, token, market.surveyId, 'closed');

  const festival = await createSurveyViaApi(request, token, festivalInput(language));
  await setSurveyStateViaApi(request, token, festival.surveyId, 'active');
  const next = random(2026);
  // Most in the owner's language, a few in each of the others (answered with their wording, counted as the owner's).
  const others = LANGUAGES.filter((code) => code !== language);
  for (let i = 0; i < 30; i++) {
    const answeredIn = i < 21 ? language : others[i % others.length]!;
    const answers = festivalAnswers(TEXTS[answeredIn], next);
    await submit(request, festival.surveyId, answers, answeredIn === language ? undefined : answeredIn);
  }

  const draft = await createSurveyViaApi(request, token, workshopInput(t));
  return { language, token, user, festival, draft };
}

interface Screen {
  name: string;
  signedIn: boolean;
  href: (world: World) => string;
  /**
   * The page down to this height, not the viewport: where the screen's point is below the fold (the survey list, the
   * first question's chart); Infinity for the whole page.
   */
  height?: Record<Size, number>;
  /** Resolves when the screen shows what the picture is of, found by the surveys' own texts. */
  ready: (page: Page, world: World) => Promise<void>;
}

const SCREENS: Screen[] = [
  {
    name: 'sign-in',
    signedIn: false,
    href: () => paths.auth.login.getHref(),
    ready: (page) => page.locator('input[type="email"]').waitFor(),
  },
  {
    name: 'dashboard',
    signedIn: true,
    height: { desktop: Infinity, mobile: Infinity },
    href: () => paths.user.dashboard.getHref(),
    ready: async (page, world) => {
      await page.getByText(world.festival.title).first().waitFor();
      await page.getByText(world.draft.title).first().waitFor();
    },
  },
  {
    name: 'editor',
    signedIn: true,
    // The survey's details and its first questions.
    height: { desktop: 1500, mobile: 1800 },
    href: (world) => paths.user.editSurvey.getHref(world.draft),
    ready: async (page, world) => {
      // The first question's text, in its field.
      await page.waitForFunction(
        (text) =>
          [...document.querySelectorAll('input, textarea')].some((field) => (field as HTMLInputElement).value === text),
        world.draft.questions[0]!.text,
      );
    },
  },
  {
    name: 'results',
    signedIn: true,
    // The totals, the filter, responses over time, the funnel, the languages and the first question (the whole page
    // is about 5,500 px).
    height: { desktop: 2800, mobile: 3700 },
    href: (world) => paths.user.surveyResults.getHref(world.festival),
    ready: async (page) => {
      // Every question's chart and the responses over time.
      await page.waitForFunction(() => document.querySelectorAll('.recharts-surface').length >= 5);
    },
  },
  {
    name: 'translate',
    signedIn: true,
    // The festival survey translated side by side into the next language (English into German, …, Arabic into
    // English), its last question still missing.
    href: (world) => paths.user.editSurvey.getHref(world.festival),
    ready: async (page, world) => {
      const target = LANGUAGES[(LANGUAGES.indexOf(world.language) + 1) % LANGUAGES.length]!;
      // The first question's text, in its field.
      await page.waitForFunction(
        (text) =>
          [...document.querySelectorAll('input, textarea')].some((field) => (field as HTMLInputElement).value === text),
        world.festival.questions[0]!.text,
      );
      // The button's name as the editor words it ("Translate into German"): the language named in the interface's.
      const name = await page.evaluate((code) => {
        const names = new Intl.DisplayNames([document.documentElement.lang, 'en'], { type: 'language' });
        const label = names.of(code) ?? code;
        return label.charAt(0).toLocaleUpperCase(document.documentElement.lang) + label.slice(1);
      }, target);
      const open = page.getByRole('button', { name: new RegExp(`${name}$`) }).first();
      await open.click();
      const heading = page.getByRole('heading', { level: 2, name: new RegExp(name) }).last();
      await heading.waitFor();
      await heading.evaluate((element) =>
        window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 96),
      );
    },
  },
  {
    name: 'runner',
    signedIn: false,
    href: (world) => paths.publicSurvey.survey.getHref(world.festival),
    ready: (page, world) => page.getByRole('heading', { name: world.festival.questions[0]!.text }).waitFor(),
  },
];

async function capture(
  browser: Browser,
  baseURL: string,
  world: World,
  screen: Screen,
  language: Language,
  theme: (typeof THEMES)[number],
  size: Size,
): Promise<string> {
  const context = await browser.newContext({
    baseURL,
    viewport: SIZES[size],
    deviceScaleFactor: 1,
    reducedMotion: 'reduce',
    locale: LOCALES[language],
    timezoneId: 'UTC',
  });
  try {
    await context.addInitScript(
      ({ keys, language, theme }) => {
        localStorage.setItem(keys.language, language);
        localStorage.setItem(keys.theme, theme);
      },
      { keys: { language: LANGUAGE_KEY, theme: THEME_KEY }, language, theme },
    );
    const page = await context.newPage();
    if (screen.signedIn) await storeSession(page, world.token, world.user);
    await page.goto(screen.href(world));
    await screen.ready(page, world);
    // The language and theme really applied, not the English light fallback.
    await page.waitForFunction(
      ({ language, theme }) =>
        document.documentElement.lang === language &&
        document.documentElement.dir === (language === 'ar' ? 'rtl' : 'ltr') &&
        document.documentElement.dataset.theme === theme,
      { language, theme },
    );
    await page.evaluate(() => document.fonts.ready);
    // Charts and lazy parts settle after the first paint.
    await page.waitForTimeout(400);
    const file = path.join(OUT_DIR, `${screen.name}-${language}-${theme}-${size}.png`);
    const height = screen.height?.[size];
    if (height) {
      // A taller window rather than a picture past its bottom, so what sticks to the bottom (the editor's save bar)
      // is at the picture's bottom, not in the middle of it.
      const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
      await page.setViewportSize({ width: SIZES[size].width, height: Math.min(height, pageHeight) });
      await page.waitForTimeout(300);
    }
    await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
    return file;
  } finally {
    await context.close();
  }
}

async function buildIfStale(): Promise<void> {
  const build = (await import(pathToFileURL(path.join(repoRoot, 'scripts/build.mjs')).href)) as {
    isStale: (part: string) => boolean;
    buildParts: (parts: string[]) => Promise<void>;
  };
  const stale = ['server', 'web'].filter((part) => build.isStale(part));
  if (stale.length > 0) {
    console.log(`Building ${stale.join(' and ')}…`);
    await build.buildParts(stale);
  }
}

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const unknown = only.filter((name) => !SCREENS.some((screen) => screen.name === name));
  if (unknown.length > 0) {
    throw new Error(`Unknown screen: ${unknown.join(', ')}. Screens: ${SCREENS.map((s) => s.name).join(', ')}`);
  }
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `No Chromium at ${CHROMIUM_PATH}: install it with \`apt-get install chromium\` or set CHROMIUM_PATH.`,
    );
  }
  await buildIfStale();

  const dataDir = mkdtempSync(path.join(tmpdir(), 'quorum-screenshots-data-'));
  const mailDir = mkdtempSync(path.join(tmpdir(), 'quorum-screenshots-mail-'));
  // The account helpers read the verification mail from here (e2e/support/mailbox.ts).
  process.env.E2E_MAIL_DIR = mailDir;
  const smtp = await startSmtpCapture({ dir: mailDir });
  const port = await freePort();
  const server = spawnBuiltServer(port, {
    DATA_DIR: dataDir,
    WEB_DIST: '',
    SMTP_URL: smtp.url,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SUBMIT_RATE_LIMIT: '10000',
    REGISTER_RATE_LIMIT: '10000',
    LOGIN_RATE_LIMIT: '10000',
  });
  let browser: Browser | undefined;
  let request: APIRequestContext | undefined;
  try {
    await waitForOk(`${server.baseURL}/api/health`, server);
    request = await http.newContext({ baseURL: server.baseURL });
    const worlds = {} as Record<Language, World>;
    for (const language of LANGUAGES) worlds[language] = await fill(request, language);
    mkdirSync(OUT_DIR, { recursive: true });
    let count = 0;
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
    for (const language of LANGUAGES) {
      for (const screen of SCREENS.filter((s) => only.length === 0 || only.includes(s.name))) {
        for (const theme of THEMES) {
          for (const size of sizesFor(language)) {
            const file = await capture(browser, server.baseURL, worlds[language], screen, language, theme, size);
            console.log(`wrote ${path.relative(repoRoot, file)}`);
            count++;
          }
        }
      }
    }
    console.log(`${count} screenshots in ${path.relative(repoRoot, OUT_DIR)}/`);
  } finally {
    await browser?.close();
    await request?.dispose();
    await server.stop();
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(mailDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
