import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QUESTION_TYPE_LABELS, type QuestionResult } from '@quorum/contract';
import { changeLanguage } from '@/i18n/i18n';
import questionsEn from '@/locales/en/questions.json';
import { questionResultOf } from './results';
import { ResultCardFrame } from './shared/result-card-frame';

function result(fields: Partial<QuestionResult> & Pick<QuestionResult, 'type'>): QuestionResult {
  return {
    id: 'q1',
    text: 'The question',
    isDeleted: false,
    required: true,
    answeredCount: 0,
    seenCount: 0,
    statistics: [],
    ...fields,
  };
}

/** One question's card as a shared report shows it (no responses to read), in the language chosen before. */
function renderCard(question: QuestionResult) {
  const { Result } = questionResultOf(question.type);
  render(
    <ResultCardFrame question={question} number={3}>
      {(labelId) => <Result surveyId="s1" question={question} labelId={labelId} />}
    </ResultCardFrame>,
  );
  return screen.getByRole('region', { name: /The question/ });
}

const numberQuestion = () =>
  result({
    type: 'number',
    required: false,
    answeredCount: 1234,
    seenCount: 2000,
    summary: { count: 1234, min: 1, max: 2500, mean: 8.125, median: 5.5 },
    histogram: [
      { from: 0, to: 10, count: 1000 },
      { from: 10, to: 2500, count: 234 },
    ],
  });

describe('a results card in another language', () => {
  it('is worded in German, its numbers written the German way', async () => {
    await changeLanguage('de');
    const region = renderCard(numberQuestion());
    expect(within(region).getByRole('heading')).toHaveTextContent('F3The question');
    expect(within(region).getByText('Zahl · 1.234 Antworten · Optional')).toBeVisible();
    expect(within(region).getByTestId('answered-of-seen')).toHaveTextContent(
      'Beantwortet von 1.234 von 2.000, die sie gesehen haben',
    );
    const terms = within(region)
      .getAllByRole('term')
      .map((term) => term.textContent);
    const values = within(region)
      .getAllByRole('definition')
      .map((value) => value.textContent);
    expect(terms).toEqual(['Antworten', 'Minimum', 'Maximum', 'Mittelwert', 'Median']);
    expect(values).toEqual(['1.234', '1', '2.500', '8,13', '5,5']);
    const bars = within(within(region).getByRole('list', { name: 'Antworten je Bereich' })).getAllByRole('listitem');
    expect(bars.map((bar) => bar.textContent)).toEqual([
      '0 bis unter 101.000 Antworten, · 81\u00a0%',
      '10 bis 2.500234 Antworten, · 19\u00a0%',
    ]);
  });

  it('marks a deleted question and writes dates in words in German', async () => {
    await changeLanguage('de');
    const region = renderCard(
      result({
        type: 'date',
        isDeleted: true,
        answeredCount: 1,
        seenCount: 1,
        dates: { earliest: '2026-01-05', latest: '2026-01-05', months: [{ month: '2026-01', count: 1 }] },
      }),
    );
    expect(within(region).getByText('Gelöschte Frage')).toBeVisible();
    expect(within(region).getByRole('heading')).toHaveTextContent('F3The question (gelöschte Frage)');
    expect(within(region).getAllByText('5. Januar 2026')).toHaveLength(2);
    const bars = within(within(region).getByRole('list', { name: 'Antworten je Monat' })).getAllByRole('listitem');
    expect(bars.map((bar) => bar.textContent)).toEqual(['Januar 20261 Antwort, · 100\u00a0%']);
  });

  it('names the chart views, the note and the row of "Other" in German, the options as the author wrote them', async () => {
    await changeLanguage('de');
    const region = renderCard(
      result({
        type: 'checkbox',
        allowOther: true,
        answeredCount: 2,
        seenCount: 2,
        statistics: [
          { answer: 'Tea', count: 2, percentage: 100 },
          { answer: 'Other', count: 1, percentage: 50 },
        ],
        textAnswers: ['Mate'],
      }),
    );
    const chart = within(region).getByRole('group', { name: 'Diagramm' });
    expect(within(chart).getByRole('radio', { name: 'Kreis' })).toBeChecked();
    expect(within(chart).getByRole('radio', { name: 'Balken' })).not.toBeChecked();
    expect(within(region).getByText(/^Die Anteile beziehen sich auf die Teilnehmenden/)).toBeVisible();
    expect(within(region).getByRole('columnheader', { name: 'Anteil' })).toBeVisible();
    expect(within(region).getByRole('rowheader', { name: 'Tea' })).toBeVisible();
    expect(within(region).getByRole('rowheader', { name: 'Sonstiges' })).toBeVisible();
    const other = within(region).getByRole('group', { name: 'Als „Sonstiges“ gegebene Antworten' });
    expect(within(other).getByRole('list', { name: 'Neueste Antworten unter „Sonstiges“' })).toHaveTextContent('Mate');
  });

  it('uses the Arabic dual for two answers and the Arabic question number', async () => {
    await changeLanguage('ar');
    const region = renderCard(
      result({
        type: 'rating',
        answeredCount: 2,
        seenCount: 3,
        ratingCount: 2,
        average: 4,
        ratingScale: { min: 1, max: 5, labels: {} },
        statistics: [{ answer: '4', count: 2, percentage: 100 }],
      }),
    );
    expect(within(region).getByRole('heading')).toHaveTextContent('س3The question');
    expect(within(region).getByText('تقييم · إجابتان')).toBeVisible();
    expect(within(region).getByText('تقييمان')).toBeVisible();
    expect(within(region).getByText('4.0')).toBeVisible();
  });
});

describe('the question types’ names', () => {
  it('keep the contract’s English word for word', () => {
    expect(questionsEn.types).toEqual(QUESTION_TYPE_LABELS);
  });
});
