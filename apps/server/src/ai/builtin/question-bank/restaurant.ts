import type { PurposeQuestions } from './types';

/** Diners of a restaurant, café or bakery: the occasion, what they ordered and how often they come. */
export const restaurant: PurposeQuestions = {
  label: 'Restaurant visit',
  defaultSubject: 'our restaurant',
  titleSuffix: 'Dining Experience Survey',
  defaultTitle: 'Dining Experience Survey',
  defaultProject: 'Dining Experience',
  defaultAspects: ['food', 'service', 'atmosphere'],
  overall: ['Overall, how would you rate your visit to {s}?', 'How would you rate your most recent meal at {s}?'],
  category: {
    text: 'What was the occasion of your visit?',
    options: ['Everyday meal', 'Business meal', 'Celebration', 'Meeting friends or family', 'Other'],
  },
  second: {
    text: 'How often do you visit {s}?',
    options: ['This was my first visit', 'A few times a year', 'Monthly', 'Weekly or more'],
  },
  checkbox: {
    text: 'What did you order?',
    options: ['Starters', 'Main course', 'Dessert', 'Drinks', 'Takeaway'],
  },
  aspectsCheckbox: 'Which of these mattered most to you during your visit?',
  recommend: 'How likely are you to recommend {s} to a friend or family member?',
  closing: { visitDate: 'When did you visit {s}?' },
  open: [
    'What could {s} do to make your next visit better?',
    'Was there anything during your visit that did not meet your expectations?',
    'Is there anything else you would like to tell us about your visit?',
  ],
};
