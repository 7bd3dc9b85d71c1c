import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Question } from '@quorum/contract';
import { getPublicSurvey } from '../api/get-public-survey';
import { submitResponse } from '../api/submit-response';
import { SurveyRun, SurveyRunner } from './survey-runner';
import { makePublicSurvey } from '@test/support/surveys';

vi.mock('../api/get-public-survey', () => ({ getPublicSurvey: vi.fn() }));
vi.mock('../api/submit-response', () => ({ submitResponse: vi.fn() }));

const navigate = vi.fn();

const questions: Question[] = [
  { id: 'dish', text: 'Your favourite dish?', type: 'text', options: [] },
  { id: 'drink', text: 'Your favourite drink?', type: 'text', options: [] },
];

/**
 * The browser's fetch for the funnel's calls: POST …/visits answers `visit` (a promise that never settles keeps the
 * call hanging), progress answers 204. Records each call as "METHOD path" with its body.
 */
function stubFunnel(visit: () => Promise<Response>) {
  const calls: Array<{ call: string; body: unknown }> = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const call = `${init?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}`;
    calls.push({ call, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (/\/visits$/.test(call)) return visit();
    if (/\/progress$/.test(call)) return new Response(null, { status: 204 });
    throw new Error(`unexpected call ${call}`);
  });
  return calls;
}

const created = (visitId: string) => async () => new Response(JSON.stringify({ visitId }), { status: 201 });

/** Each test its own survey id: a page load counts one view per survey. */
async function open(surveyId: string) {
  vi.mocked(getPublicSurvey).mockResolvedValue(makePublicSurvey({ surveyId, questions }));
  const user = userEvent.setup();
  render(<SurveyRunner projectId="p" surveyId={surveyId} navigate={navigate} />);
  await screen.findByRole('heading', { level: 2, name: /dish/ });
  return user;
}

async function answerBoth(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: 'Your favourite dish?' }), 'Soup');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await user.type(await screen.findByRole('textbox', { name: 'Your favourite drink?' }), 'Tea');
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  await waitFor(() => expect(navigate).toHaveBeenCalledTimes(1));
}

const sentBody = () => {
  expect(submitResponse).toHaveBeenCalledTimes(1);
  return vi.mocked(submitResponse).mock.calls[0]![1];
};

beforeEach(() => {
  vi.mocked(getPublicSurvey).mockReset();
  vi.mocked(submitResponse).mockReset();
  vi.mocked(submitResponse).mockResolvedValue({ responseId: 'r1' });
  navigate.mockReset();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/projects/p/surveys/s1');
});

describe('the public page funnel', () => {
  it('counts one view, each question once as it is shown, and sends the visit with the response', async () => {
    const calls = stubFunnel(created('v-1'));
    const user = await open('funnel-1');
    await waitFor(() =>
      expect(calls).toEqual([
        { call: 'POST /api/surveys/funnel-1/visits', body: undefined },
        { call: 'POST /api/surveys/funnel-1/visits/v-1/progress', body: { questionId: 'dish' } },
      ]),
    );
    // Forth, back and forth again: each question is told once.
    await user.type(screen.getByRole('textbox', { name: 'Your favourite dish?' }), 'Soup');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 2, name: /drink/ });
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByRole('heading', { level: 2, name: /dish/ });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(await screen.findByRole('textbox', { name: 'Your favourite drink?' }), 'Tea');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledTimes(1));

    expect(calls.map((c) => [c.call, c.body])).toEqual([
      ['POST /api/surveys/funnel-1/visits', undefined],
      ['POST /api/surveys/funnel-1/visits/v-1/progress', { questionId: 'dish' }],
      ['POST /api/surveys/funnel-1/visits/v-1/progress', { questionId: 'drink' }],
    ]);
    expect(sentBody()).toEqual({
      answers: [
        { questionId: 'dish', answer: 'Soup' },
        { questionId: 'drink', answer: 'Tea' },
      ],
      visitId: 'v-1',
      language: 'en',
    });
  });

  it('lets the respondent answer and submit when the visit fails, without a word about it', async () => {
    const calls = stubFunnel(
      async () => new Response(JSON.stringify({ message: 'Down', code: 'INTERNAL' }), { status: 500 }),
    );
    const user = await open('funnel-2');
    await answerBoth(user);
    expect(sentBody()).toEqual({
      answers: [
        { questionId: 'dish', answer: 'Soup' },
        { questionId: 'drink', answer: 'Tea' },
      ],
      language: 'en',
    });
    // No progress without a visit, and nothing shown.
    expect(calls.map((c) => c.call)).toEqual(['POST /api/surveys/funnel-2/visits']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('does not wait for a visit that never answers', async () => {
    stubFunnel(() => new Promise<Response>(() => undefined));
    const user = await open('funnel-3');
    await answerBoth(user);
    expect(sentBody()).not.toHaveProperty('visitId');
  });

  it('counts nothing in the preview', async () => {
    const calls = stubFunnel(created('v-4'));
    const submit = vi.fn().mockResolvedValue(undefined);
    const user = userEvent.setup();
    render(
      <SurveyRun
        survey={makePublicSurvey({ surveyId: 'funnel-4', questions })}
        live={false}
        submit={submit}
        onSubmitted={() => undefined}
      />,
    );
    await user.type(screen.getByRole('textbox', { name: 'Your favourite dish?' }), 'Soup');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(await screen.findByRole('textbox', { name: 'Your favourite drink?' }), 'Tea');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(submit.mock.calls[0]![0]).not.toHaveProperty('visitId');
    expect(calls).toEqual([]);
  });
});
