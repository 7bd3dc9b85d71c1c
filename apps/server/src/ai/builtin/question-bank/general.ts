import type { PurposeQuestions } from './types';

/** Anything else: familiarity with the subject, involvement and what matters. */
export const general: PurposeQuestions = {
  label: 'Survey',
  defaultSubject: 'this topic',
  titleSuffix: 'Survey',
  defaultTitle: 'Feedback Survey',
  defaultProject: 'General Feedback',
  defaultAspects: ['quality', 'communication', 'value'],
  overall: ['Overall, how would you rate {s}?', 'How would you rate your experience with {s}?'],
  category: {
    text: 'How familiar are you with {s}?',
    options: ['Not at all familiar', 'Slightly familiar', 'Moderately familiar', 'Very familiar', 'Extremely familiar'],
  },
  second: {
    text: 'How often are you involved with {s}?',
    options: ['Daily', 'Weekly', 'Monthly', 'Rarely', 'Never'],
  },
  checkbox: {
    text: 'Which of these matter most to you about {s}?',
    options: ['Quality', 'Cost', 'Convenience', 'Communication', 'Reliability', 'Something else'],
  },
  aspectsCheckbox: 'Which of these matter most to you about {s}?',
  recommend: 'How likely are you to recommend {s} to others?',
  open: [
    'Is there anything else you would like to share about {s}?',
    'What one change would improve {s} for you?',
    'What would you like us to know that we did not ask?',
  ],
};
