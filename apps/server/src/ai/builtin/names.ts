import type { Topic } from './detect-topic';
import type { PurposeQuestions } from './question-bank';
import { capitalise, fold, shorten, titleCase, words } from './text';

const MAX_NAME_CHARS = 60;

/** Nouns that read wrongly after "the" ("how familiar are you with remote work?"). */
const UNCOUNTABLE = new Set(
  words(`work software music food healthcare education transport transportation parking housing recycling
  sustainability training coaching childcare research water energy traffic safety security volunteering
  tourism nutrition fitness banking insurance marketing hiring recruitment wellbeing well-being
  onboarding shopping cooking gardening mentoring leadership feedback`),
);

/**
 * How the questions name the subject: "the weekend jazz festival", "our bakery", "Acme Corp", or the
 * purpose's own ("the event") when the idea names none, is not in English, or the purpose keeps its own.
 */
export function subjectForQuestions({ subject, language }: Topic, bank: PurposeQuestions): string {
  if (!subject || language !== 'en' || bank.keepDefaultSubject) return bank.defaultSubject;
  if (subject.determiner === 'our') return `our ${subject.text}`;
  if (subject.proper) return subject.determiner === 'the' ? `the ${subject.text}` : subject.text;
  const lastWord = fold(subject.text.split(/\s+/).at(-1) ?? '');
  if (subject.determiner === 'none' && (UNCOUNTABLE.has(lastWord) || /ing$/.test(lastWord))) return subject.text;
  return `the ${subject.text}`;
}

/** "Weekend Jazz Festival Feedback", "Event feedback: Festival de jazz", or the purpose's default title. */
export function surveyTitle({ subject, language }: Topic, bank: PurposeQuestions): string {
  if (!subject) return bank.defaultTitle;
  if (language !== 'en') return `${bank.label}: ${capitalise(shorten(subject.text, MAX_NAME_CHARS))}`;
  const name = titleCase(shorten(subject.text, MAX_NAME_CHARS));
  const lastWord = fold(name.split(/\s+/).at(-1) ?? '');
  const [firstSuffixWord, ...restOfSuffix] = bank.titleSuffix.split(' ');
  // "Python Course" + "Course Evaluation" → "Python Course Evaluation".
  if (fold(firstSuffixWord ?? '') === lastWord) return [name, ...restOfSuffix].join(' ');
  return `${name} ${bank.titleSuffix}`;
}

/** The subject as a name ("Weekend Jazz Festival"), or the purpose's default project name. */
export function projectName({ subject, language }: Topic, bank: PurposeQuestions): string {
  if (!subject) return bank.defaultProject;
  const name = shorten(subject.text, MAX_NAME_CHARS);
  return language === 'en' ? titleCase(name) : capitalise(name);
}
