import type { PurposeQuestions } from './types';

/** Users of a product, app or tool: how often and how long they use it and what to improve. */
export const product: PurposeQuestions = {
  label: 'Product feedback',
  defaultSubject: 'the product',
  titleSuffix: 'Feedback',
  defaultTitle: 'Product Feedback Survey',
  defaultProject: 'Product Feedback',
  defaultAspects: ['ease of use', 'design', 'reliability'],
  overall: ['Overall, how would you rate {s}?', 'How would you rate your experience with {s}?'],
  category: {
    text: 'How often do you use {s}?',
    options: ['Every day', 'A few times a week', 'A few times a month', 'Rarely', 'I have stopped using it'],
  },
  second: {
    text: 'How long have you been using {s}?',
    options: ['Less than a month', '1 to 6 months', '6 to 12 months', 'More than a year'],
  },
  checkbox: {
    text: 'Which of these would you most like us to improve?',
    options: ['Ease of use', 'Performance', 'Design', 'Features', 'Price', 'Support'],
  },
  aspectsCheckbox: 'Which of these matter most to you in {s}?',
  recommend: 'How likely are you to recommend {s} to a friend or colleague?',
  closing: 'contact',
  open: [
    'What one change would make {s} more useful to you?',
    'What, if anything, frustrates you about {s}?',
    'Is there anything else you would like to tell us about {s}?',
  ],
};
