import type { PurposeQuestions } from './types';

/** Visitors of a website or web shop: what they came to do and what got in the way. */
export const website: PurposeQuestions = {
  label: 'Website usability',
  defaultSubject: 'the website',
  titleSuffix: 'Usability Survey',
  defaultTitle: 'Website Usability Survey',
  defaultProject: 'Website Usability',
  defaultAspects: ['navigation', 'page loading speed', 'search'],
  overall: ['Overall, how would you rate your experience using {s}?', 'How would you rate the ease of use of {s}?'],
  category: {
    text: 'What was the main purpose of your visit today?',
    options: ['Find information', 'Buy something', 'Get support', 'Manage my account', 'Just browsing', 'Other'],
  },
  second: {
    text: 'Were you able to do what you came to do?',
    options: ['Yes, completely', 'Partly', 'No'],
  },
  checkbox: {
    text: 'Did you run into any of these problems?',
    options: [
      'Pages loaded slowly',
      'Information was hard to find',
      'The navigation was confusing',
      'Errors or broken links',
      'Problems on a mobile device',
      'None of these',
    ],
  },
  aspectsCheckbox: 'Which of these parts of {s} matter most to you?',
  recommend: 'How likely are you to use {s} again?',
  likelihoodAsRating: true,
  closing: 'contact',
  open: [
    'What would make {s} easier to use?',
    'What, if anything, was confusing or frustrating?',
    'Is there anything else you would like to tell us about {s}?',
  ],
};
