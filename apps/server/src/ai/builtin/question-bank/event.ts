import type { PurposeQuestions } from './types';

/** Attendees of an event, conference or festival: how they heard of it and whether they would come again. */
export const event: PurposeQuestions = {
  label: 'Event feedback',
  defaultSubject: 'the event',
  titleSuffix: 'Feedback',
  defaultTitle: 'Event Feedback Survey',
  defaultProject: 'Event Feedback',
  defaultAspects: ['organisation', 'venue', 'programme'],
  overall: ['Overall, how would you rate {s}?', 'How would you rate {s} as a whole?'],
  category: {
    text: 'How did you hear about {s}?',
    options: ['Social media', 'Friends or family', 'Website', 'Email or newsletter', 'Poster or flyer', 'Other'],
  },
  second: {
    text: 'Would you attend {s} again?',
    options: ['Yes', 'Maybe', 'No'],
  },
  checkbox: {
    text: 'Which parts of {s} did you enjoy most?',
    options: ['Programme', 'Venue', 'Atmosphere', 'Food and drinks', 'Organisation', 'Meeting people'],
  },
  aspectsCheckbox: 'Which of these parts of {s} mattered most to you?',
  recommend: 'How likely are you to recommend {s} to a friend?',
  closing: { visitDate: 'On which day did you attend {s}?' },
  open: [
    'What could we do to make {s} better next time?',
    'What was the highlight of {s} for you, and what would you change?',
    'Is there anything else you would like to tell us about {s}?',
  ],
};
