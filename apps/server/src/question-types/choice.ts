import { isOtherAnswer, OTHER_LABEL, type ChoiceType, type QuestionOf } from '@quorum/contract';
import type { QuestionRowFields, ServerQuestionType } from './types';
import { flagSettings, flagsFrom, listedStatistics, optionsFrom, settingsFrom, settingsText } from './shared';

function choiceRow(q: QuestionOf<ChoiceType>): QuestionRowFields {
  return {
    options: JSON.stringify(q.options),
    rating_scale: null,
    settings: settingsText(flagSettings(q)),
  };
}

function choiceFromRow<T extends ChoiceType>(type: T) {
  return (row: { id: string; text: string } & QuestionRowFields) =>
    ({
      id: row.id,
      text: row.text,
      type,
      options: optionsFrom(row.options),
      ...flagsFrom(type, settingsFrom(row.settings)),
    }) as QuestionOf<T>;
}

/** The counter key of one chosen answer: the option, or "Other" for a respondent's own text. */
function choiceKey(q: QuestionOf<ChoiceType>, answer: string): string {
  return isOtherAnswer(q, answer) ? OTHER_LABEL : answer;
}

/** Every option in option order, then "Other" when offered, then answers no longer among the options. */
const choiceResults: ServerQuestionType<ChoiceType>['results'] = (q, counts, statistic) => ({
  statistics: listedStatistics(q.allowOther ? [...q.options, OTHER_LABEL] : q.options, counts.byAnswer, statistic),
  ...(q.allowOther ? { allowOther: true } : {}),
});

/** One option per answer: it counts once per response that chose it; a respondent's own text counts under "Other". */
function singleChoice<T extends 'multiple_choice' | 'dropdown'>(type: T): ServerQuestionType<T> {
  return {
    toRow: choiceRow,
    fromRow: choiceFromRow(type),
    keepsAnswers: () => true,
    countAnswer(q, value, count) {
      count(choiceKey(q, String(value)));
      return 0;
    },
    results: choiceResults,
  };
}

export const multipleChoice = singleChoice('multiple_choice');

/** A long list of options: counted like multiple choice. */
export const dropdown = singleChoice('dropdown');

/** Each chosen option counts once; shares are of respondents, so they can add up past 100. */
export const checkbox: ServerQuestionType<'checkbox'> = {
  toRow: choiceRow,
  fromRow: choiceFromRow('checkbox'),
  keepsAnswers: () => true,
  countAnswer(q, value, count) {
    for (const option of Array.isArray(value) ? value : [String(value)]) count(choiceKey(q, option));
    return 0;
  },
  results: choiceResults,
};
