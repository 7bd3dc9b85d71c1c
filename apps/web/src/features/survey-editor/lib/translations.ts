import {
  MAX_SURVEY_LANGUAGES,
  questionTypeIs,
  type QuestionTranslation,
  type SurveyTranslation,
  type SurveyTranslations,
} from '@quorum/contract';
import type { QuestionDraft, SurveyDraft } from './editor-model';

// A survey's translations as the editor holds them: keyed by language, then by question id, options and rows at
// the positions of the draft's options and rows (blank ones included, so typing never shifts them). On save they
// are trimmed to what the survey has (see translationsInput).

/** Common languages offered first when choosing one; any other code may still be a survey's (kept when loaded). */
export const COMMON_LANGUAGES = [
  'ar', 'bg', 'bn', 'ca', 'cs', 'da', 'de', 'el', 'en', 'es', 'et', 'fa', 'fi', 'fr', 'he', 'hi', 'hr', 'hu', 'id',
  'it', 'ja', 'ko', 'lt', 'lv', 'ms', 'nl', 'no', 'pl', 'pt', 'pt-BR', 'ro', 'ru', 'sk', 'sl', 'sr', 'sv', 'sw', 'th',
  'tr', 'uk', 'ur', 'vi', 'zh-Hans', 'zh-Hant',
] as const; // prettier-ignore

/** Whether another language may be added (the default counts as one). */
export function canAddLanguage(translations: Readonly<SurveyTranslations>): boolean {
  return Object.keys(translations).length < MAX_SURVEY_LANGUAGES - 1;
}

// ---------------------------------------------------------------------------
// Keeping translations at the author's positions while they edit
// ---------------------------------------------------------------------------

/**
 * Where each item of `next` was in `prev`: the same list with one item removed or added, or reordered. An item
 * typed over keeps its place. -1 for an item new in `next`.
 */
export function positionsFrom(prev: readonly string[], next: readonly string[]): number[] {
  if (prev.length === next.length) {
    const sameItems = [...prev].sort().join('\u0000') === [...next].sort().join('\u0000');
    if (!sameItems) return next.map((_, index) => index);
    const used = new Set<number>();
    return next.map((item, index) => {
      // An item in its old place stays there; a moved one takes the first unused place with its text.
      const at =
        prev[index] === item && !used.has(index)
          ? index
          : prev.findIndex((candidate, i) => candidate === item && !used.has(i));
      used.add(at);
      return at;
    });
  }
  // One removed (or added): the items before the first difference stay, those after it shift by one.
  let first = 0;
  while (first < Math.min(prev.length, next.length) && prev[first] === next[first]) first += 1;
  const shift = prev.length - next.length;
  return next.map((_, index) => {
    if (index < first) return index;
    if (shift > 0) return index + shift;
    return index - first < -shift ? -1 : index + shift;
  });
}

function moved(list: readonly string[] | undefined, positions: readonly number[]): string[] | undefined {
  if (!list) return undefined;
  const next = positions.map((from) => (from >= 0 ? (list[from] ?? '') : ''));
  let end = next.length;
  while (end > 0 && next[end - 1] === '') end -= 1;
  return end === 0 ? undefined : next.slice(0, end);
}

function labelsWithin(
  labels: Readonly<Record<string, string>> | undefined,
  scale: QuestionDraft['ratingScale'],
): Record<string, string> | undefined {
  if (!labels || !scale) return undefined;
  const kept = Object.entries(labels).filter(([value]) => Number(value) >= scale.min && Number(value) <= scale.max);
  return kept.length === 0 ? undefined : Object.fromEntries(kept);
}

function withParts(translation: QuestionTranslation): QuestionTranslation | undefined {
  const kept = Object.entries(translation).filter(([, value]) => value !== undefined);
  return kept.length === 0 ? undefined : (Object.fromEntries(kept) as QuestionTranslation);
}

/** One question's translation after its author changed it from `prev` to `next`. */
function alignQuestion(
  translation: QuestionTranslation,
  prev: QuestionDraft,
  next: QuestionDraft,
): QuestionTranslation | undefined {
  const { options, rows, labels, ...texts } = translation;
  return withParts({
    ...texts,
    options: questionTypeIs(next.type, 'translatedOptions')
      ? moved(options, positionsFrom(prev.options, next.options))
      : undefined,
    rows: next.rows ? moved(rows, positionsFrom(prev.rows ?? [], next.rows)) : undefined,
    labels: labelsWithin(labels, next.ratingScale),
  });
}

/**
 * The translations after the author changed a question from `prev` to `next`: an option or row removed takes
 * its translation with it in every language, the others keep theirs (at their new positions when moved), options
 * of a type that has none to translate are dropped, and rating labels outside the scale go.
 */
export function alignTranslations(
  translations: Readonly<SurveyTranslations>,
  prev: QuestionDraft,
  next: QuestionDraft,
): SurveyTranslations {
  const id = next.id;
  if (!id || prev.id !== id) return translations;
  let changed = false;
  const out: SurveyTranslations = {};
  for (const [language, translation] of Object.entries(translations)) {
    const question = translation.questions?.[id];
    if (!question) {
      out[language] = translation;
      continue;
    }
    const aligned = alignQuestion(question, prev, next);
    if (JSON.stringify(aligned) === JSON.stringify(question)) {
      out[language] = translation;
      continue;
    }
    changed = true;
    const questions = { ...translation.questions };
    if (aligned) questions[id] = aligned;
    else delete questions[id];
    out[language] = { ...translation, questions };
  }
  return changed ? out : translations;
}

/**
 * The translations as sent: only questions the survey still has; options and rows at the positions they are
 * saved at (blank ones left out, as the survey's are); no options for a type without translated ones; rating
 * labels inside the scale; and every blank part left out.
 */
export function translationsInput(draft: Pick<SurveyDraft, 'questions' | 'translations'>): SurveyTranslations {
  const byId = new Map(draft.questions.flatMap((q) => (q.id ? [[q.id, q] as const] : [])));
  const out: SurveyTranslations = {};
  for (const [language, translation] of Object.entries(draft.translations)) {
    const questions: Record<string, QuestionTranslation> = {};
    for (const [id, t] of Object.entries(translation.questions ?? {})) {
      const question = byId.get(id);
      if (!question) continue;
      const savedAt = (list: readonly string[]) => list.flatMap((item, index) => (item.trim() === '' ? [] : [index]));
      const kept = withParts({
        text: blankless(t.text),
        description: question.description.trim() === '' ? undefined : blankless(t.description),
        options: questionTypeIs(question.type, 'translatedOptions')
          ? moved(
              t.options?.map((o) => o.trim()),
              savedAt(question.options),
            )
          : undefined,
        rows: question.rows
          ? moved(
              t.rows?.map((r) => r.trim()),
              savedAt(question.rows),
            )
          : undefined,
        labels: labelsWithin(
          t.labels && Object.fromEntries(Object.entries(t.labels).filter(([, label]) => label.trim() !== '')),
          question.ratingScale,
        ),
      });
      if (kept) questions[id] = kept;
    }
    const sent: SurveyTranslation = {};
    if (blankless(translation.title)) sent.title = translation.title!.trim();
    const welcome = screenParts(translation.welcome);
    if (welcome) sent.welcome = welcome;
    const thankYou = screenParts(translation.thankYou);
    if (thankYou) sent.thankYou = thankYou;
    if (Object.keys(questions).length > 0) sent.questions = questions;
    out[language] = sent;
  }
  return out;
}

function blankless(text: string | undefined): string | undefined {
  const trimmed = text?.trim();
  return trimmed ? trimmed : undefined;
}

function screenParts<T extends Record<string, string | undefined>>(parts: T | undefined): Partial<T> | undefined {
  if (!parts) return undefined;
  const kept = Object.entries(parts).flatMap(([key, text]) => {
    const trimmed = blankless(text);
    return trimmed ? [[key, trimmed] as const] : [];
  });
  return kept.length === 0 ? undefined : (Object.fromEntries(kept) as Partial<T>);
}

// ---------------------------------------------------------------------------
// The texts to translate, side by side
// ---------------------------------------------------------------------------

/** Which part of the survey a text is, for its label. */
export type TextPart =
  | { part: 'title' | 'welcomeTitle' | 'welcomeText' | 'welcomeButton' | 'thankYouTitle' | 'thankYouText' }
  | { part: 'questionText' | 'questionHelp'; question: number }
  | { part: 'option' | 'row'; question: number; item: number }
  | { part: 'label'; question: number; value: string };

/** One text of the survey: where its translation is kept, the author's text, and the translation so far. */
export interface TranslatableText {
  /** As missingTranslations names it: "title", "questions.<id>.options.2", "questions.<id>.labels.5", … */
  path: string;
  source: string;
  translated: string;
  /** Written on more than one line (a textarea). */
  long: boolean;
  at: TextPart;
}

/**
 * Every text of the draft a translation covers, in the order the survey shows them (as missingTranslations
 * lists them), with the translation's text so far ('' when missing). Blank texts have nothing to translate.
 */
export function translatableTexts(
  draft: Pick<SurveyDraft, 'title' | 'questions' | 'welcome' | 'thankYou'>,
  translation: SurveyTranslation | undefined,
): TranslatableText[] {
  const texts: TranslatableText[] = [];
  const add = (path: string, source: string, translated: string | undefined, at: TextPart, long = false) => {
    if (source.trim() !== '') texts.push({ path, source: source.trim(), translated: translated ?? '', long, at });
  };
  add('title', draft.title, translation?.title, { part: 'title' });
  if (draft.welcome.enabled) {
    add('welcome.title', draft.welcome.title, translation?.welcome?.title, { part: 'welcomeTitle' });
    add('welcome.text', draft.welcome.text, translation?.welcome?.text, { part: 'welcomeText' }, true);
    add('welcome.buttonLabel', draft.welcome.buttonLabel, translation?.welcome?.buttonLabel, { part: 'welcomeButton' });
  }
  draft.questions.forEach((question, index) => {
    if (!question.id) return;
    const t = translation?.questions?.[question.id];
    const at = `questions.${question.id}`;
    add(`${at}.text`, question.text, t?.text, { part: 'questionText', question: index }, true);
    add(`${at}.description`, question.description, t?.description, { part: 'questionHelp', question: index }, true);
    if (questionTypeIs(question.type, 'translatedOptions')) {
      question.options.forEach((option, item) =>
        add(`${at}.options.${item}`, option, t?.options?.[item], { part: 'option', question: index, item }),
      );
    }
    question.rows?.forEach((row, item) =>
      add(`${at}.rows.${item}`, row, t?.rows?.[item], { part: 'row', question: index, item }),
    );
    if (question.type === 'rating' && question.ratingScale) {
      for (const [value, label] of Object.entries(question.ratingScale.labels)) {
        add(`${at}.labels.${value}`, label, t?.labels?.[value], { part: 'label', question: index, value });
      }
    }
  });
  add('thankYou.title', draft.thankYou.title, translation?.thankYou?.title, { part: 'thankYouTitle' });
  add('thankYou.text', draft.thankYou.text, translation?.thankYou?.text, { part: 'thankYouText' }, true);
  return texts;
}

/** How many texts of the draft a translation still lacks. */
export function missingCount(
  draft: Pick<SurveyDraft, 'title' | 'questions' | 'welcome' | 'thankYou'>,
  translation: SurveyTranslation | undefined,
): number {
  return translatableTexts(draft, translation).filter((text) => text.translated.trim() === '').length;
}

/** The text a translation has at `path` ('' for none). */
export function textAt(translation: SurveyTranslation | undefined, path: string): string {
  const [head, id, part, key] = path.split('.') as [string, string?, string?, string?];
  if (head === 'title') return translation?.title ?? '';
  if (head === 'welcome') return translation?.welcome?.[id as 'title' | 'text' | 'buttonLabel'] ?? '';
  if (head === 'thankYou') return translation?.thankYou?.[id as 'title' | 'text'] ?? '';
  const question = id === undefined ? undefined : translation?.questions?.[id];
  if (!question) return '';
  if (part === 'text' || part === 'description') return question[part] ?? '';
  if (part === 'options' || part === 'rows') return question[part]?.[Number(key)] ?? '';
  if (part === 'labels' && key !== undefined) return question.labels?.[key] ?? '';
  return '';
}

/** The translation with `text` at `path` (a copy; the rest unchanged). */
export function withTextAt(translation: SurveyTranslation, path: string, text: string): SurveyTranslation {
  const [head, id, part, key] = path.split('.') as [string, string?, string?, string?];
  if (head === 'title') return { ...translation, title: text };
  if (head === 'welcome' && id) return { ...translation, welcome: { ...translation.welcome, [id]: text } };
  if (head === 'thankYou' && id) return { ...translation, thankYou: { ...translation.thankYou, [id]: text } };
  if (head !== 'questions' || !id || !part) return translation;
  const question: QuestionTranslation = { ...translation.questions?.[id] };
  if (part === 'text' || part === 'description') question[part] = text;
  else if ((part === 'options' || part === 'rows') && key !== undefined) {
    const list = [...(question[part] ?? [])];
    const at = Number(key);
    while (list.length < at) list.push('');
    list[at] = text;
    question[part] = list;
  } else if (part === 'labels' && key !== undefined) question.labels = { ...question.labels, [key]: text };
  return { ...translation, questions: { ...translation.questions, [id]: question } };
}

/**
 * A drafted translation (from AI) over the author's: each text the author left empty takes the draft's; a text
 * the author typed stays unless `replace`. Which paths were filled, and which typed ones the draft would change.
 */
export function fillFromDraft(
  draft: Pick<SurveyDraft, 'title' | 'questions' | 'welcome' | 'thankYou'>,
  current: SurveyTranslation | undefined,
  drafted: SurveyTranslation,
  replace = false,
): { translation: SurveyTranslation; filled: string[]; typed: string[] } {
  let translation: SurveyTranslation = current ?? {};
  const filled: string[] = [];
  const typed: string[] = [];
  for (const text of translatableTexts(draft, current)) {
    const proposed = textAt(drafted, text.path).trim();
    if (!proposed || proposed === text.translated.trim()) continue;
    if (text.translated.trim() !== '') {
      typed.push(text.path);
      if (!replace) continue;
    }
    translation = withTextAt(translation, text.path, proposed);
    filled.push(text.path);
  }
  return { translation, filled, typed };
}
