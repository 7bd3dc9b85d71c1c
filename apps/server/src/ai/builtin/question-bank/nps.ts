import type { PurposeQuestions } from './types';

/** Net promoter: the 0–10 recommendation question leads, then the reason for the score. */
export const nps: PurposeQuestions = {
  label: 'Net promoter',
  defaultSubject: 'us',
  titleSuffix: 'Net Promoter Survey',
  defaultTitle: 'Net Promoter Score Survey',
  defaultProject: 'Net Promoter Score',
  defaultAspects: ['product quality', 'customer support'],
  recommendFirst: true,
  overall: ['Overall, how would you rate your experience with {s}?', 'How would you rate {s} overall?'],
  category: {
    text: 'How long have you been a customer?',
    options: ['Less than 6 months', '6 to 12 months', '1 to 3 years', 'More than 3 years'],
  },
  second: {
    text: 'How often do you use our products or services?',
    options: ['Daily', 'Weekly', 'Monthly', 'Less often'],
  },
  checkbox: {
    text: 'What do you value most about {s}?',
    options: ['Quality', 'Price', 'Customer service', 'Ease of use', 'Reliability', 'Something else'],
  },
  aspectsCheckbox: 'Which of these matter most to you?',
  recommend: 'How likely are you to recommend {s} to a friend or colleague?',
  closing: 'contact',
  open: ['What is the main reason for your score?', 'What is the most important reason for the score you gave?'],
};
