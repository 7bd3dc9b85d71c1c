import { useTranslation } from 'react-i18next';
import { QUESTION_TYPES, type QuestionType } from '@quorum/contract';

/**
 * The name of a question type in the interface's language (`questions:types.<type>`), the contract's English when
 * the catalog has none.
 */
export function useQuestionTypeLabel(): (type: QuestionType) => string {
  const { t } = useTranslation('questions');
  return (type) => t(`types.${type}`, { defaultValue: QUESTION_TYPES[type].label });
}
