import { render, screen } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import type { Question } from '@quorum/contract';
import { getPublicSurvey } from '../api/get-public-survey';
import { SurveyRunner } from './survey-runner';
import { ThankYou } from './thank-you';
import { makePublicSurvey } from '@test/support/surveys';

vi.mock('../api/get-public-survey', () => ({ getPublicSurvey: vi.fn() }));

const shared = { text: 'The question', required: false, description: 'Some help.' };
const questions: Question[] = [
  { id: 'mc', type: 'multiple_choice', options: ['A', 'B'], allowOther: true, ...shared },
  { id: 'cb', type: 'checkbox', options: ['A', 'B'], allowOther: true, randomizeOptions: true, ...shared },
  { id: 'nps', type: 'nps', options: [], ...shared },
  { id: 'num', type: 'number', options: [], numberRange: { min: 1, max: 5 }, ...shared },
  { id: 'em', type: 'email', options: [], ...shared },
  { id: 'dt', type: 'date', options: [], dateRange: { min: '2026-01-01' }, ...shared },
  { id: 'dd', type: 'dropdown', options: ['A', 'B'], allowOther: true, ...shared },
  { id: 'rk', type: 'ranking', options: ['A', 'B', 'C'], ...shared },
  { id: 'mx', type: 'matrix', options: ['Yes', 'No'], rows: ['R1', 'R2'], ...shared },
];

describe('the public page with each new question type', () => {
  it.each(questions.map((q) => [q.type, q] as const))('%s passes axe', async (_type, question) => {
    vi.mocked(getPublicSurvey).mockResolvedValue(makePublicSurvey({ questions: [question] }));
    const { container } = render(<SurveyRunner projectId="p" surveyId="s1" navigate={() => undefined} />);
    await screen.findByRole('heading', { level: 2 });
    // jsdom has no layout: contrast is checked in the browser (e2e).
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });
});

describe('the public page’s own screens', () => {
  const base = makePublicSurvey({ questions });
  it.each([
    ['the welcome screen', { welcome: { title: 'Welcome', text: 'Hello.', buttonLabel: null } }, 'Start'],
    ['the opening time', { opensAt: new Date(Date.now() + 86_400_000).toISOString() }, /This survey opens on/],
  ] as const)('%s passes axe', async (_name, settings, shown) => {
    vi.mocked(getPublicSurvey).mockResolvedValue({ ...base, ...settings });
    const { container } = render(<SurveyRunner projectId="p" surveyId="s1" navigate={() => undefined} />);
    await screen.findByText(shown);
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });

  it('the thank-you screen with a redirect passes axe', async () => {
    const { container } = render(
      <ThankYou screen={{ title: 'Merci!', text: 'À bientôt.', redirectUrl: 'https://example.com/' }} />,
    );
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });
});
