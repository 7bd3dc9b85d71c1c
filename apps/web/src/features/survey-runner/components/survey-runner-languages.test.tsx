import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Question } from '@quorum/contract';
import { i18n } from '@/i18n/i18n';
import { getPublicSurvey } from '../api/get-public-survey';
import { SurveyRunner } from './survey-runner';
import { ThankYou } from './thank-you';
import { makePublicSurvey } from '@test/support/surveys';

vi.mock('../api/get-public-survey', () => ({ getPublicSurvey: vi.fn() }));
vi.mock('../api/submit-response', () => ({ submitResponse: vi.fn() }));

const FIVE_POINT = { min: 1, max: 5, labels: { 1: 'Very Poor', 2: 'Poor', 3: 'Average', 4: 'Good', 5: 'Excellent' } };
const QUESTIONS: Question[] = [
  { id: 'r', text: 'How was it?', type: 'rating', options: [], ratingScale: FIVE_POINT },
  { id: 'm', text: 'Rate each', type: 'matrix', options: ['Good', 'Bad'], rows: ['Food', 'Sound', 'Seats'] },
];

async function run(questions: Question[]) {
  vi.mocked(getPublicSurvey).mockResolvedValue(makePublicSurvey({ questions }));
  render(<SurveyRunner projectId="p" surveyId="s1" navigate={vi.fn()} />);
  await screen.findByRole('heading', { level: 2 });
}

beforeEach(() => vi.mocked(getPublicSurvey).mockReset());

describe('the public page in other languages', () => {
  it('speaks German: progress, buttons, the preset rating labels, but the author’s texts as written', async () => {
    await i18n.changeLanguage('de');
    await run(QUESTIONS);
    expect(screen.getByText('Frage 1 von 2')).toBeVisible();
    expect(screen.getByText('0 von 2 beantwortet')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Weiter' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Zurück' })).toBeDisabled();
    // A preset's default labels are the interface's; the question is the author's.
    expect(screen.getByRole('radio', { name: /Sehr schlecht/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'How was it?' })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
  });

  it('keeps labels an author wrote as written', async () => {
    await i18n.changeLanguage('de');
    const custom = { ...QUESTIONS[0], ratingScale: { min: 1, max: 5, labels: { '1': 'Awful', '5': 'Superb' } } };
    await run([custom as Question]);
    expect(screen.getByRole('radio', { name: /Awful/ })).toBeInTheDocument();
    expect(screen.queryByText('Sehr schlecht')).not.toBeInTheDocument();
  });

  it('runs right to left in Arabic, with Arabic plurals', async () => {
    await i18n.changeLanguage('ar');
    await run(QUESTIONS.slice(1));
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    expect(screen.getByText('السؤال 1 من 1')).toBeVisible();
    // Two of three rows answered leaves one (the "one" form); two and three left take the "two" and "few" forms.
    const user = userEvent.setup();
    await user.click(within(screen.getByRole('group', { name: 'Food' })).getByRole('radio', { name: 'Good' }));
    await user.click(within(screen.getByRole('group', { name: 'Sound' })).getByRole('radio', { name: 'Bad' }));
    await user.click(screen.getByRole('button', { name: 'إرسال' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('اختر إجابة في الصف المتبقي.');
    expect(i18n.t('questions:matrix.rowsOpen', { open: 2 })).toBe('اختر إجابة في كل صف (بقي صفان).');
    expect(i18n.t('questions:matrix.rowsOpen', { open: 3 })).toBe('اختر إجابة في كل صف (بقيت 3 صفوف).');
  });

  it('thanks in Spanish, with the promotion translated', async () => {
    await i18n.changeLanguage('es');
    render(<ThankYou />);
    expect(screen.getByRole('heading', { level: 2, name: 'Cree sus propias encuestas con Quorum' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Cree sus propias encuestas con Quorum gratis' })).toHaveAttribute(
      'href',
      '/register',
    );
  });
});
