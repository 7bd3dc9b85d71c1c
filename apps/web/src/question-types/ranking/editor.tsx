import { useTranslation } from 'react-i18next';
import { choiceDraftOf, choiceInputOf, choiceSwitchTo } from '../choice/options';
import { OptionsEditor } from '../choice/options-editor';
import type { QuestionEditorPart, QuestionFieldsProps } from '../types';

function RankingFields(props: QuestionFieldsProps) {
  const { t } = useTranslation('editor');
  return <OptionsEditor {...props} hint={t('questionTypes.ranking.hint')} />;
}

/** Every option, put in order by the respondent. */
export const rankingEditor: QuestionEditorPart<'ranking'> = {
  type: 'ranking',
  switchTo: choiceSwitchTo,
  draftOf: choiceDraftOf,
  inputOf: choiceInputOf,
  Fields: RankingFields,
};
