import type { QuestionEditorPart } from '../types';

function TextFields() {
  return (
    <p className="mt-4 rounded-lg bg-slate-50 p-3 text-sm text-slate-600">
      Respondents answer in a free-text box (4 rows). Text questions have no options.
    </p>
  );
}

/** A free-text answer: no options, and none are sent. */
export const textEditor: QuestionEditorPart<'text'> = {
  type: 'text',
  switchTo: () => ({ options: [] }),
  draftOf: () => ({ options: [] }),
  inputOf: () => ({ options: [] }),
  Fields: TextFields,
};
