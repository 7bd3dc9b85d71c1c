import type { PurposeQuestions } from './types';

/** Students of a course, class or training: content, pace and what was useful. */
export const course: PurposeQuestions = {
  label: 'Course evaluation',
  defaultSubject: 'the course',
  titleSuffix: 'Course Evaluation',
  defaultTitle: 'Course Evaluation',
  defaultProject: 'Course Evaluation',
  defaultAspects: ['course content', 'instructor', 'course materials'],
  overall: ['Overall, how would you rate {s}?', 'How would you rate the quality of {s}?'],
  category: {
    text: 'How would you describe the pace of {s}?',
    options: ['Too slow', 'A little slow', 'About right', 'A little fast', 'Too fast'],
  },
  second: {
    text: 'How many of the sessions did you attend?',
    options: ['All of them', 'Most of them', 'About half', 'Fewer than half'],
  },
  checkbox: {
    text: 'Which parts of {s} were most useful to you?',
    options: ['Lectures', 'Practical exercises', 'Readings', 'Group work', 'Assessments', 'Discussions'],
  },
  aspectsCheckbox: 'Which of these parts of {s} were most useful to you?',
  recommend: 'How likely are you to recommend {s} to a friend or colleague?',
  open: [
    'What would you change to improve {s}?',
    'What was the most valuable thing you learned, and what was missing?',
    'Is there anything else you would like to tell the instructor?',
  ],
};
