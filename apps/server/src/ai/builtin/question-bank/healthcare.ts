import type { PurposeQuestions } from './types';

/** Patients of a practice, clinic or hospital: the visit, waiting and the people they saw. */
export const healthcare: PurposeQuestions = {
  label: 'Patient experience',
  defaultSubject: 'our practice',
  titleSuffix: 'Patient Experience Survey',
  defaultTitle: 'Patient Experience Survey',
  defaultProject: 'Patient Experience',
  defaultAspects: ['waiting time', 'communication with staff', 'cleanliness of the facilities'],
  overall: ['Overall, how would you rate your visit to {s}?', 'How would you rate the care you received at {s}?'],
  category: {
    text: 'What was the main reason for your visit?',
    options: ['Routine check-up', 'New health concern', 'Follow-up appointment', 'Urgent care', 'Other'],
  },
  second: {
    text: 'After your appointment time, how long did you wait before being seen?',
    options: ['Less than 10 minutes', '10 to 20 minutes', '20 to 40 minutes', 'More than 40 minutes'],
  },
  checkbox: {
    text: 'Who did you speak with during your visit?',
    options: ['Reception staff', 'Nurse', 'Doctor', 'Specialist', 'Pharmacist', 'Other'],
  },
  aspectsCheckbox: 'Which of these mattered most to you during your visit?',
  recommend: 'How likely are you to recommend {s} to friends or family?',
  open: [
    'What could {s} do to improve your experience?',
    'Is there anything about your visit that you would like us to know?',
    'What, if anything, could have made your visit easier?',
  ],
};
