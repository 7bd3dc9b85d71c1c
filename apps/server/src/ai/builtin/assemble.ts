import {
  FIVE_POINT_SCALE,
  ratingOptions,
  type QuestionInput,
  type RatingScale,
  type SurveyInput,
} from '@quorum/contract';
import { detectTopic } from './detect-topic';
import { projectName, subjectForQuestions, surveyTitle } from './names';
import {
  IMPORTANCE_SCALE,
  LIKELIHOOD_SCALE,
  QUESTION_BANK,
  type ChoiceTemplate,
  type Closing,
  type PurposeQuestions,
} from './question-bank';
import { capitalise, fold, hash32, lowerFirst } from './text';

/** A survey has at most this many questions, and at least the four that every survey gets. */
export const MAX_QUESTIONS = 8;
/** Listed aspects rated one by one; beyond this they are offered together in a checkbox question. */
export const MAX_RATED_ASPECTS = 4;

/** The questions of a purpose's bank, one of each. */
type Slot = 'recommend' | 'overall' | 'category' | 'second' | 'checkbox' | 'open';

/** Which questions a survey asks, and in what order. */
interface Layout {
  /** Asked in every survey. */
  required: readonly Slot[];
  /** The other two, in order of priority, for the places the aspect ratings leave; the seed may swap them. */
  optional: (seed: number) => readonly Slot[];
  /** The order a respondent meets them; `aspects` stands for the aspect ratings. */
  order: readonly (Slot | 'aspects')[];
}

/** An easy category question first, then ratings, then choices, the open one last. */
const STANDARD: Layout = {
  required: ['category', 'overall', 'checkbox', 'open'],
  optional: (seed) => (seed & 1 ? ['recommend', 'second'] : ['second', 'recommend']),
  order: ['category', 'overall', 'aspects', 'checkbox', 'second', 'recommend', 'open'],
};

/** Net promoter surveys: the recommendation question leads and is always asked. */
const RECOMMEND_FIRST: Layout = {
  required: ['recommend', 'category', 'checkbox', 'open'],
  optional: () => ['overall', 'second'],
  order: ['recommend', 'category', 'overall', 'aspects', 'checkbox', 'second', 'open'],
};

/**
 * Builds a survey from an idea without any network: detects the purpose, subject and listed aspects,
 * then fills that purpose's questions from the bank. Pure: the same idea always gives the same survey.
 */
export function composeSurvey(idea: string): SurveyInput {
  const topic = detectTopic(idea);
  const bank = QUESTION_BANK[topic.purpose];
  // A stable number from the idea picks among wordings, so that similar ideas do not read the same.
  const seed = hash32(fold(idea).replace(/\s+/g, ' ').trim());
  const pick = <T>(list: readonly T[], shift: number): T => list[(seed >>> shift) % list.length]!;

  const s = subjectForQuestions(topic, bank);
  const fill = (template: string) => capitalise(template.replace(/\{s\}/g, s));
  const english = topic.language === 'en';

  const listed = topic.aspects;
  const rated = listed.slice(0, MAX_RATED_ASPECTS);
  const defaults = rotate(bank.defaultAspects, (seed >>> 6) % bank.defaultAspects.length);

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
    if (bank.aspectFrame === 'importance') {
      const verb = ownWords && !english ? 'is' : /[^s]s$/i.test(aspect) ? 'are' : 'is';
      return rating(`How important ${verb} ${shown} to you when choosing ${s}?`, IMPORTANCE_SCALE);
    }
    // "the food", but "booking a table" and quoted words in another language go without an article.
    const article = (ownWords && !english) || /^\p{L}{3,}ing\b/u.test(aspect) ? '' : 'the ';
    return rating(`How would you rate ${article}${shown}?`, FIVE_POINT_SCALE);
  };

  const slots: Record<Slot, QuestionInput> = {
    recommend: bank.likelihoodAsRating
      ? rating(fill(bank.recommend), LIKELIHOOD_SCALE)
      : { text: fill(bank.recommend), type: 'nps', options: [] },
    overall: rating(fill(pick(bank.overall, 0)), FIVE_POINT_SCALE),
    category: choice(bank.category, 'multiple_choice'),
    second: choice(bank.second, 'multiple_choice'),
    checkbox:
      listed.length > rated.length
        ? { text: fill(bank.aspectsCheckbox), type: 'checkbox', options: listed.map(capitalise) }
        : choice(bank.checkbox, 'checkbox'),
    // The open question is the one a respondent may leave out.
    open: { text: fill(pick(bank.open, 3)), type: 'text', options: [], required: false },
  };
  // The idea's own aspects are rated one by one; the purpose's usual ones together, as one grid.
  const aspectRatings =
    rated.length > 0 ? rated.map((aspect) => aspectQuestion(aspect, true)) : [aspectGrid(bank, s, defaults)];

  // Every survey asks the required four; the rest fill the remaining places in order of priority: the
  // listed aspects (or the grid of the usual ones), then the purpose's closing questions (all or none),
  // then the optional two.
  const layout = bank.recommendFirst ? RECOMMEND_FIRST : STANDARD;
  const closing = closingQuestions(bank.closing, fill);
  const chosen = new Set<QuestionInput>(layout.required.map((slot) => slots[slot]));
  let room = MAX_QUESTIONS - chosen.size;
  const take = (group: readonly QuestionInput[]) => {
    if (group.length > room) return;
    group.forEach((q) => chosen.add(q));
    room -= group.length;
  };
  aspectRatings.forEach((q) => take([q]));
  take(closing.questions);
  layout.optional(seed).forEach((slot) => take([slots[slot]]));
  const asked = layout.order
    .flatMap((slot) => (slot === 'aspects' ? aspectRatings : [slots[slot]]))
    .filter((q) => chosen.has(q));
  const questions = closing.questions.some((q) => chosen.has(q)) ? closing.place(asked) : asked;

  return {
    title: surveyTitle(topic, bank),
    projectName: projectName(topic, bank),
    questions,
  };
}

/** The columns of a grid of aspects: a quality from very poor to excellent, or the importance scale's labels. */
const QUALITY_COLUMNS = ['Very poor', 'Poor', 'Fair', 'Good', 'Excellent'];

/** The purpose's usual aspects as the rows of one matrix question, rated on the same columns. */
function aspectGrid(bank: PurposeQuestions, subject: string, aspects: readonly string[]): QuestionInput {
  const rows = aspects.map(capitalise);
  if (bank.aspectFrame === 'importance') {
    return {
      text: `How important is each of these to you when choosing ${subject}?`,
      type: 'matrix',
      options: Object.values(IMPORTANCE_SCALE.labels ?? {}),
      rows,
    };
  }
  return { text: 'How would you rate each of these?', type: 'matrix', options: [...QUALITY_COLUMNS], rows };
}

/** Whether the respondent may be contacted: on "No" the survey ends, on "Yes" it asks for the address. */
const contactConsent = (): QuestionInput => ({
  text: 'May we contact you about your answers?',
  type: 'multiple_choice',
  options: ['Yes', 'No'],
  logic: [{ when: { operator: 'equals', value: 'No' }, goTo: 'end' }],
});
const contactEmail = (): QuestionInput => ({
  text: 'What email address can we reach you at?',
  type: 'email',
  options: [],
  description: 'We use it only to reply to your answers.',
});

/** The purpose's closing questions, and where they go among the others. */
function closingQuestions(
  closing: Closing | undefined,
  fill: (template: string) => string,
): { questions: readonly QuestionInput[]; place: (asked: QuestionInput[]) => QuestionInput[] } {
  if (closing === undefined) return { questions: [], place: (asked) => asked };
  if (closing === 'contact') {
    const contact = [contactConsent(), contactEmail()];
    return { questions: contact, place: (asked) => [...asked, ...contact] };
  }
  const visit: QuestionInput = { text: fill(closing.visitDate), type: 'date', options: [], required: false };
  return { questions: [visit], place: (asked) => [...asked.slice(0, 1), visit, ...asked.slice(1)] };
}

function rotate<T>(items: readonly T[], by: number): T[] {
  return [...items.slice(by), ...items.slice(0, by)];
}
