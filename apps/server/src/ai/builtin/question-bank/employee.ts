import type { PurposeQuestions } from './types';

/**
 * Employees of an organisation: tenure, where they work and what would improve work. The questions
 * always say "the organisation", since the idea usually names a team or department.
 */
export const employee: PurposeQuestions = {
  label: 'Employee engagement',
  defaultSubject: 'the organisation',
  keepDefaultSubject: true,
  titleSuffix: 'Employee Engagement Survey',
  defaultTitle: 'Employee Engagement Survey',
  defaultProject: 'Employee Engagement',
  defaultAspects: ['communication from leadership', 'opportunities for growth', 'work-life balance'],
  overall: [
    'Overall, how would you rate your experience of working at {s}?',
    'How would you rate {s} as a place to work?',
  ],
  category: {
    text: 'How long have you worked at {s}?',
    options: ['Less than 1 year', '1 to 3 years', '3 to 5 years', 'More than 5 years'],
  },
  second: {
    text: 'Where do you mostly work?',
    options: ['On site', 'Remotely', 'Hybrid'],
  },
  checkbox: {
    text: 'Which of these would most improve your work experience?',
    options: [
      'Clearer communication',
      'Recognition',
      'Training and development',
      'Flexible working',
      'Better tools and equipment',
      'A more balanced workload',
    ],
  },
  aspectsCheckbox: 'Which of these matter most to you at work?',
  recommend: 'How likely are you to recommend {s} as a place to work?',
  open: [
    'What is one thing that would make {s} a better place to work?',
    'What do you value most about working here, and what would you change?',
    'Is there anything else you would like leadership to know?',
  ],
};
