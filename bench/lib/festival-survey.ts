import { FIVE_POINT_SCALE, TEN_POINT_SCALE, type Question } from '@quorum/contract';
import { question } from '@quorum/test-support/factories';

/** The survey the submission benchmarks answer. Short ids keep the request bodies the same size as in earlier runs. */
export const FESTIVAL_QUESTIONS: Question[] = [
  question.multipleChoice('Which day did you attend?', ['Friday', 'Saturday', 'Sunday'], 'q01'),
  question.multipleChoice('How did you hear about us?', ['Friends', 'Radio', 'Web', 'Poster'], 'q02'),
  question.multipleChoice('Would you come again?', ['Yes', 'No', 'Maybe'], 'q03'),
  question.checkbox('What did you enjoy?', ['Food', 'Sound', 'Tickets', 'Staff', 'Venue'], 'q04'),
  question.checkbox('Which stages did you visit?', ['Main', 'Tent', 'Club', 'Garden'], 'q05'),
  question.text('What should we improve?', 'q06'),
  question.text('Anything else?', 'q07'),
  question.rating('How was the sound?', FIVE_POINT_SCALE, 'q08'),
  question.rating('How was the food?', FIVE_POINT_SCALE, 'q09'),
  question.rating('Would you recommend us?', TEN_POINT_SCALE, 'q10'),
];

const WORDS = 'great loud crowded friendly cheap tasty late early clean long short bright warm cold fun'.split(' ');
const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;

/**
 * A valid, varied response body for FESTIVAL_QUESTIONS: every question answered, text answers of 2 to
 * `maxWords + 1` words, and that share of the ratings sent as numeric strings.
 */
export function randomFestivalResponse(options: { maxWords: number; ratingsAsStrings: number }): string {
  const answers = FESTIVAL_QUESTIONS.map((q) => {
    switch (q.type) {
      case 'multiple_choice':
        return { questionId: q.id, answer: pick(q.options) };
      case 'checkbox': {
        const chosen = q.options.filter(() => Math.random() < 0.5);
        return { questionId: q.id, answer: chosen.length ? chosen : [pick(q.options)] };
      }
      case 'text':
        return {
          questionId: q.id,
          answer: Array.from({ length: 2 + Math.floor(Math.random() * options.maxWords) }, () => pick(WORDS)).join(' '),
        };
      case 'rating': {
        const value = q.ratingScale.min + Math.floor(Math.random() * (q.ratingScale.max - q.ratingScale.min + 1));
        return { questionId: q.id, answer: Math.random() < options.ratingsAsStrings ? String(value) : value };
      }
    }
  });
  return JSON.stringify({ answers });
}
