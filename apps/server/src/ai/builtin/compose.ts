import {
  FIVE_POINT_SCALE,
  ratingOptions,
  type QuestionInput,
  type RatingScale,
  type SurveyInput,
} from '@quorum/contract';
import { analyseIdea, type IdeaAnalysis } from './analyse';
import type { ChoiceTemplate } from './purposes';
import { capitalise, fold, hash32, titleCase } from './text';

/** A survey has at most this many questions, and at least the four that every survey gets. */
export const MAX_QUESTIONS = 8;
/** Listed aspects rated one by one; beyond this they are offered together in a checkbox question. */
export const MAX_RATED_ASPECTS = 4;
const MAX_NAME_CHARS = 60;

const LIKELIHOOD_SCALE: RatingScale = {
  min: 1,
  max: 10,
  labels: { '1': 'Not at all likely', '10': 'Extremely likely' },
};
const IMPORTANCE_SCALE: RatingScale = {
  min: 1,
  max: 5,
  labels: {
    '1': 'Not at all important',
    '2': 'Slightly important',
    '3': 'Moderately important',
    '4': 'Very important',
    '5': 'Extremely important',
  },
};

/** Nouns that read wrongly after "the" ("how familiar are you with remote work?"). */
const UNCOUNTABLE = new Set(
  `work software music food healthcare education transport transportation parking housing recycling
  sustainability training coaching childcare research water energy traffic safety security volunteering
  tourism nutrition fitness banking insurance marketing hiring recruitment wellbeing well-being
  onboarding shopping cooking gardening mentoring leadership feedback`.split(/\s+/),
);

/**
 * Builds a survey from an idea without any network: reads the purpose, subject and listed aspects,
 * then fills that purpose's templates. Pure: the same idea always gives the same survey.
 */
export function composeSurvey(idea: string): SurveyInput {
  const analysis = analyseIdea(idea);
  const { purpose, language } = analysis;
  const seed = hash32(fold(idea).replace(/\s+/g, ' ').trim());
  const pick = <T>(list: readonly T[], shift: number): T => list[(seed >>> shift) % list.length]!;

  const s = subjectForQuestions(analysis);
  const fill = (template: string) => capitalise(template.replace(/\{s\}/g, s));
  const english = language === 'en';

  const listed = analysis.aspects;
  const rated = listed.slice(0, MAX_RATED_ASPECTS);
  const defaults = rotate(purpose.defaultAspects, (seed >>> 6) % purpose.defaultAspects.length);

  const rating = (text: string, scale: RatingScale): QuestionInput => ({
    text,
    type: 'rating',
    options: ratingOptions(scale),
    ratingScale: scale,
  });
  const choice = (template: ChoiceTemplate, type: 'multiple_choice' | 'checkbox'): QuestionInput => ({
    text: fill(template.text),
    type,
    options: [...template.options],
  });
  const aspectQuestion = (aspect: string, ownWords: boolean): QuestionInput => {
    const shown = ownWords && !english ? `"${capitalise(aspect)}"` : lowerFirst(aspect);
    if (purpose.aspectFrame === 'importance') {
      const verb = ownWords && !english ? 'is' : /[^s]s$/i.test(aspect) ? 'are' : 'is';
      return rating(`How important ${verb} ${shown} to you when choosing ${s}?`, IMPORTANCE_SCALE);
    }
    // "the food", but "booking a table" and quoted words in another language go without an article.
    const article = (ownWords && !english) || /^\p{L}{3,}ing\b/u.test(aspect) ? '' : 'the ';
    return rating(`How would you rate ${article}${shown}?`, FIVE_POINT_SCALE);
  };

  const recommend = rating(fill(purpose.recommend), LIKELIHOOD_SCALE);
  const overall = rating(fill(pick(purpose.overall, 0)), FIVE_POINT_SCALE);
  const category = choice(purpose.category, 'multiple_choice');
  const second = choice(purpose.second, 'multiple_choice');
  const checkbox: QuestionInput =
    listed.length > rated.length
      ? { text: fill(purpose.aspectsCheckbox), type: 'checkbox', options: listed.map(capitalise) }
      : choice(purpose.checkbox, 'checkbox');
  const open: QuestionInput = { text: fill(pick(purpose.open, 3)), type: 'text', options: [] };

  const aspectRatings =
    rated.length > 0
      ? rated.map((aspect) => aspectQuestion(aspect, true))
      : defaults.map((a) => aspectQuestion(a, false));

  // Every survey asks the required four; the rest fill the remaining places in order of priority.
  const required = purpose.recommendFirst ? [recommend, category, checkbox, open] : [category, overall, checkbox, open];
  const closers = purpose.recommendFirst ? [overall, second] : seed & 1 ? [recommend, second] : [second, recommend];
  const extras =
    rated.length > 0
      ? [...aspectRatings, ...closers]
      : [...aspectRatings.slice(0, 2), ...closers, ...aspectRatings.slice(2)];
  const chosen = new Set<QuestionInput>([...required, ...extras.slice(0, MAX_QUESTIONS - required.length)]);

  // The order a respondent meets them: an easy category question, ratings, choices, the open one last.
  const order = purpose.recommendFirst
    ? [recommend, category, overall, ...aspectRatings, checkbox, second, open]
    : [category, overall, ...aspectRatings, checkbox, second, recommend, open];
  const questions = order.filter((q) => chosen.has(q));

  return {
    title: titleFor(analysis),
    projectName: projectNameFor(analysis),
    questions,
  };
}

function rotate<T>(items: readonly T[], by: number): T[] {
  return [...items.slice(by), ...items.slice(0, by)];
}

function lowerFirst(text: string): string {
  return /^\p{Lu}\p{Ll}/u.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

/** "the weekend jazz festival", "our bakery", "Acme Corp", or the purpose's own ("the event"). */
function subjectForQuestions({ subject, purpose, language }: IdeaAnalysis): string {
  if (!subject || language !== 'en' || !purpose.subjectInQuestions) return purpose.defaultSubject;
  if (subject.determiner === 'our') return `our ${subject.text}`;
  if (subject.proper) return subject.determiner === 'the' ? `the ${subject.text}` : subject.text;
  const lastWord = fold(subject.text.split(/\s+/).at(-1) ?? '');
  if (subject.determiner === 'none' && (UNCOUNTABLE.has(lastWord) || /ing$/.test(lastWord))) return subject.text;
  return `the ${subject.text}`;
}

function titleFor({ subject, purpose, language }: IdeaAnalysis): string {
  if (!subject) return purpose.defaultTitle;
  if (language !== 'en') return `${purpose.label}: ${capitalise(shorten(subject.text))}`;
  const name = titleCase(shorten(subject.text));
  const lastWord = fold(name.split(/\s+/).at(-1) ?? '');
  const [firstSuffixWord, ...restOfSuffix] = purpose.titleSuffix.split(' ');
  // "Python Course" + "Course Evaluation" → "Python Course Evaluation".
  if (fold(firstSuffixWord ?? '') === lastWord) return [name, ...restOfSuffix].join(' ');
  return `${name} ${purpose.titleSuffix}`;
}

function projectNameFor({ subject, purpose, language }: IdeaAnalysis): string {
  if (!subject) return purpose.defaultProject;
  const name = shorten(subject.text);
  return language === 'en' ? titleCase(name) : capitalise(name);
}

function shorten(text: string): string {
  if (text.length <= MAX_NAME_CHARS) return text;
  return text.slice(0, MAX_NAME_CHARS).replace(/\s+\S*$/, '');
}
