import type { PurposeQuestions } from './types';

/** Guests of a hotel or other stay: the purpose of the stay, booking and facilities. */
export const hotel: PurposeQuestions = {
  label: 'Hotel stay',
  defaultSubject: 'our hotel',
  titleSuffix: 'Guest Experience Survey',
  defaultTitle: 'Hotel Guest Experience Survey',
  defaultProject: 'Guest Experience',
  defaultAspects: ['room', 'cleanliness', 'friendliness of the staff'],
  overall: ['Overall, how would you rate your stay at {s}?', 'How would you rate your most recent stay at {s}?'],
  category: {
    text: 'What was the main purpose of your stay?',
    options: ['Leisure', 'Business', 'Visiting family or friends', 'Special occasion', 'Other'],
  },
  second: {
    text: 'How did you book your stay?',
    options: ['Directly with the hotel', 'Through a booking website', 'Through a travel agent', 'Other'],
  },
  checkbox: {
    text: 'Which facilities did you use during your stay?',
    options: ['Restaurant', 'Bar', 'Gym', 'Pool or spa', 'Parking', 'Meeting rooms', 'None of these'],
  },
  aspectsCheckbox: 'Which of these mattered most to you during your stay?',
  recommend: 'How likely are you to recommend {s} to a friend or family member?',
  closing: { visitDate: 'When did your stay at {s} begin?' },
  open: [
    'What could {s} do to make your next stay better?',
    'Was there anything during your stay that did not meet your expectations?',
    'Is there anything else you would like to tell us about your stay?',
  ],
};
