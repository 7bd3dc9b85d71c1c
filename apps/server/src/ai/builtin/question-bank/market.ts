import type { PurposeQuestions } from './types';

/**
 * Potential customers of a product or idea: buying habits, age group and what would make them try it.
 * Listed aspects are rated for importance, not quality.
 */
export const market: PurposeQuestions = {
  label: 'Market research',
  defaultSubject: 'this product',
  titleSuffix: 'Market Research Survey',
  defaultTitle: 'Market Research Survey',
  defaultProject: 'Market Research',
  defaultAspects: ['price', 'quality', 'convenience'],
  aspectFrame: 'importance',
  overall: ['How would you rate the idea of {s} overall?', 'What is your overall impression of {s}?'],
  category: {
    text: 'How often do you buy or use products similar to {s}?',
    options: ['Every week', 'Every month', 'A few times a year', 'Rarely', 'Never'],
  },
  second: {
    text: 'What is your age group?',
    options: ['Under 18', '18 to 24', '25 to 34', '35 to 44', '45 to 54', '55 to 64', '65 or over'],
  },
  checkbox: {
    text: 'Which of these influence your choice the most?',
    options: ['Price', 'Quality', 'Brand', 'Reviews', 'Convenience', 'Recommendations from others'],
  },
  aspectsCheckbox: 'Which of these would influence your choice the most?',
  recommend: 'How likely would you be to try {s} if it were available?',
  likelihoodAsRating: true,
  open: [
    'What would make {s} more appealing to you?',
    'What, if anything, would stop you from trying {s}?',
    'What do you use today instead of {s}, and why?',
  ],
};
