import type { QuestionEditorPart } from '../types';

function EmailFields() {
  return (
    <p className="mt-4 rounded-lg bg-slate-50 p-3 text-sm text-slate-600">
      Respondents type an email address; one that is not written like an address is refused. Email questions have no
      options.
    </p>
  );
}

/** An email address: no options, and none are sent. */
export const emailEditor: QuestionEditorPart<'email'> = {
  type: 'email',
  switchTo: () => ({ options: [] }),
  draftOf: () => ({ options: [] }),
  inputOf: () => ({ options: [] }),
  Fields: EmailFields,
};
