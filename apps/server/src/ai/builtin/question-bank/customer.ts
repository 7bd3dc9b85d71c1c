import type { PurposeQuestions } from './types';

/** Customers of a shop or service: how long and how often they are customers and what matters to them. */
export const customer: PurposeQuestions = {
  label: 'Customer satisfaction',
  defaultSubject: 'our service',
  titleSuffix: 'Customer Satisfaction Survey',
  defaultTitle: 'Customer Satisfaction Survey',
  defaultProject: 'Customer Satisfaction',
  defaultAspects: ['quality', 'customer service', 'value for money'],
  overall: ['Overall, how would you rate your experience with {s}?', 'How would you rate {s} overall?'],
  category: {
    text: 'How long have you been a customer?',
    options: ['Less than a month', '1 to 6 months', '6 to 12 months', '1 to 3 years', 'More than 3 years'],
  },
  second: {
    text: 'How often do you use {s}?',
    options: ['Daily', 'Weekly', 'Monthly', 'A few times a year', 'This was my first time'],
  },
  checkbox: {
    text: 'What matters most to you as a customer?',
    options: ['Quality', 'Price', 'Customer service', 'Speed', 'Convenience', 'Reliability'],
  },
  aspectsCheckbox: 'Which of these matter most to you as a customer?',
  recommend: 'How likely are you to recommend {s} to a friend or colleague?',
  closing: 'contact',
  open: [
    'What is one thing {s} could do better?',
    'What could we do to improve your experience?',
    'Is there anything else you would like to share about {s}?',
  ],
};
