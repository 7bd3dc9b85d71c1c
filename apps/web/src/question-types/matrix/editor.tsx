import { useTranslation } from 'react-i18next';
import { LIMITS } from '@quorum/contract';
import { choiceDraftOf, choiceInputOf, choiceSwitchTo } from '../choice/options';
import { OptionsEditor } from '../choice/options-editor';
import type { QuestionEditorPart, QuestionFieldsProps } from '../types';

function MatrixFields(props: QuestionFieldsProps) {
  const { t } = useTranslation('editor');
  return (
    <div className="grid gap-x-6 sm:grid-cols-2">
      <OptionsEditor
        {...props}
        field="rows"
        item="row"
        max={LIMITS.matrixRows}
        hint={t('questionTypes.matrix.rowsHint', { max: LIMITS.matrixRows })}
      />
      <OptionsEditor {...props} item="column" hint={t('questionTypes.matrix.columnsHint')} />
    </div>
  );
}

/** Rows (up to LIMITS.matrixRows) each answered with one of the columns; the columns are the options. */
export const matrixEditor: QuestionEditorPart<'matrix'> = {
  type: 'matrix',
  switchTo: (question) => ({ ...choiceSwitchTo(question), rows: [''] }),
  draftOf: (question) => ({ ...choiceDraftOf(question), rows: question.rows.length > 0 ? [...question.rows] : [''] }),
  inputOf: (question) => ({
    ...choiceInputOf(question),
    rows: (question.rows ?? []).map((r) => r.trim()).filter((r) => r !== ''),
  }),
  Fields: MatrixFields,
};
