import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { NOTIFY_ON_RESPONSE_LABELS } from '@quorum/contract';
import { draftFromSurvey, toSurveyInput } from '@/features/survey-editor/lib/editor-model';
import { renderEditorAt } from './support/render-editor';
import { makeSurvey } from './support/surveys';

vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.restoreAllMocks();
});

const survey = makeSurvey({
  surveyId: 's1',
  title: 'Launch feedback',
  projectName: 'Launch',
  questions: [{ id: 'q1', text: 'How was it?', type: 'multiple_choice', options: ['Good', 'Bad'] }],
  notifications: { onResponse: 'daily' },
});
const editEntry = { pathname: '/surveys/s1/edit', state: { survey } };

function captureSaves() {
  const sent: Array<Record<string, unknown>> = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
    sent.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
    return new Response(JSON.stringify(survey), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  return sent;
}

describe('"Email me about new responses" in the editor', () => {
  it('carries the loaded setting through the form into the body it sends', () => {
    expect(toSurveyInput(draftFromSurvey(survey)).notifications).toEqual({ onResponse: 'daily' });
    const off = makeSurvey({ questions: survey.questions });
    expect(toSurveyInput(draftFromSurvey(off)).notifications).toEqual({ onResponse: 'off' });
  });

  it('shows the saved choice, says closing by itself always mails, and sends a new choice with the survey', async () => {
    const sent = captureSaves();
    const { user } = renderEditorAt(editEntry);
    const group = screen.getByRole('group', { name: 'Email me about new responses' });
    expect(group).toHaveAccessibleDescription(/always get an email when the survey closes by itself/);
    expect(screen.getByRole('radio', { name: NOTIFY_ON_RESPONSE_LABELS.daily })).toBeChecked();

    // By keyboard: the arrow keys move through the choices of one radio group.
    screen.getByRole('radio', { name: NOTIFY_ON_RESPONSE_LABELS.daily }).focus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('radio', { name: NOTIFY_ON_RESPONSE_LABELS.each })).toBeChecked();
    expect(screen.getByText(/One email for each response/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Update Survey' }));
    await waitFor(() => expect(sent).toHaveLength(1), { timeout: 4000 });
    expect(sent[0]).toMatchObject({ notifications: { onResponse: 'each' } });
  });

  it('sends the setting as loaded when it was not touched', async () => {
    const sent = captureSaves();
    const { user } = renderEditorAt(editEntry);
    await user.type(screen.getByRole('textbox', { name: /Survey Title/ }), '!');
    await user.click(screen.getByRole('button', { name: 'Update Survey' }));
    await waitFor(() => expect(sent).toHaveLength(1), { timeout: 4000 });
    expect(sent[0]).toMatchObject({ title: 'Launch feedback!', notifications: { onResponse: 'daily' } });
  });
});
