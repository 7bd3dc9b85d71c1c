import { choiceDraftOf, choiceInputOf, choiceSwitchTo } from '../choice/options';
import { OptionsEditor } from '../choice/options-editor';
import type { QuestionEditorPart, QuestionFieldsProps } from '../types';

function RankingFields(props: QuestionFieldsProps) {
  return <OptionsEditor {...props} hint="(respondents put all of them in order, best first)" />;
}

/** Every option, put in order by the respondent. */
export const rankingEditor: QuestionEditorPart<'ranking'> = {
  type: 'ranking',
  switchTo: choiceSwitchTo,
  draftOf: choiceDraftOf,
  inputOf: choiceInputOf,
  Fields: RankingFields,
};
