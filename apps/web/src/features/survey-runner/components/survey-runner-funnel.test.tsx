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
 * call hanging), progress answers `progress` for the call (default 204). Records each call as "METHOD path" with its
 * body.
 */
function stubFunnel(visit: () => Promise<Response>, progress: (call: string) => Response = () => noContent()) {
  const calls: Array<{ call: string; body: unknown }> = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const call = `${init?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}`;
    calls.push({ call, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (/\/visits$/.test(call)) return visit();
    if (/\/progress$/.test(call)) return progress(call);
    throw new Error(`unexpected call ${call}`);
  });
  return calls;
}

const noContent = () => new Response(null, { status: 204 });

const created = (visitId: string) => async () => new Response(JSON.stringify({ visitId }), { status: 201 });

/**
 * Each test its own survey id: a page load counts one view per survey (a new survey id is a page opened afresh).
 * The page shows `at` first (a page resumed from saved progress shows where it was).
 */
async function open(surveyId: string, at: RegExp = /dish/) {
  vi.mocked(getPublicSurvey).mockResolvedValue(makePublicSurvey({ surveyId, questions }));
  const user = userEvent.setup();
  render(<SurveyRunner projectId="p" surveyId={surveyId} navigate={navigate} />);
  await screen.findByRole('heading', { level: 2, name: at });
  return user;
}

const HOUR_MS = 3_600_000;

/** The progress a page of `surveyId` saved before a reload: on the second question, with its visit. */
function savedBeforeReload(surveyId: string, visit: { id: string; openedAt: string }) {
  localStorage.setItem(
    `quorum.survey-progress.${surveyId}`,
    JSON.stringify({ index: 1, answers: { dish: 'Soup' }, seed: 'abc', started: true, hiddenFields: {}, visit }),
  );
}

/** The visit the saved progress of `surveyId` keeps now. */
const keptVisit = (surveyId: string) =>
  (JSON.parse(localStorage.getItem(`quorum.survey-progress.${surveyId}`) ?? 'null') as { visit?: unknown } | null)
    ?.visit;

async function submitDrink(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: 'Your favourite drink?' }), 'Tea');
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  await waitFor(() => expect(navigate).toHaveBeenCalledTimes(1));
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
  localStorage.clear();
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

  it('keeps the visit it opened with the saved progress, so a reload continues it', async () => {
    stubFunnel(created('v-5'));
    await open('funnel-5');
    await waitFor(() => expect(keptVisit('funnel-5')).toEqual({ id: 'v-5', openedAt: expect.any(String) }));
    const openedAt = Date.parse((keptVisit('funnel-5') as { openedAt: string }).openedAt);
    expect(Math.abs(Date.now() - openedAt)).toBeLessThan(60_000);
  });

  it('after a reload continues the saved visit: no new view, progress and the response on the same visit', async () => {
    const calls = stubFunnel(created('v-new'));
    savedBeforeReload('funnel-6', { id: 'v-kept', openedAt: new Date(Date.now() - HOUR_MS).toISOString() });
    const user = await open('funnel-6', /drink/);
    await waitFor(() =>
      expect(calls).toEqual([
        { call: 'POST /api/surveys/funnel-6/visits/v-kept/progress', body: { questionId: 'drink' } },
      ]),
    );
    await submitDrink(user);
    expect(sentBody()).toMatchObject({ visitId: 'v-kept' });
    expect(calls.map((c) => c.call)).not.toContain('POST /api/surveys/funnel-6/visits');
  });

  it('opens a new visit (a view) instead of one saved a day ago or more', async () => {
    const calls = stubFunnel(created('v-7'));
    savedBeforeReload('funnel-7', { id: 'v-old', openedAt: new Date(Date.now() - 24 * HOUR_MS).toISOString() });
    const user = await open('funnel-7', /drink/);
    await waitFor(() =>
      expect(calls.map((c) => [c.call, c.body])).toEqual([
        ['POST /api/surveys/funnel-7/visits', undefined],
        ['POST /api/surveys/funnel-7/visits/v-7/progress', { questionId: 'drink' }],
      ]),
    );
    await waitFor(() => expect(keptVisit('funnel-7')).toMatchObject({ id: 'v-7' }));
    await submitDrink(user);
    expect(sentBody()).toMatchObject({ visitId: 'v-7' });
  });

  it.each([
    ['over', 409, 'VISIT_EXPIRED'],
    ['unknown', 404, 'VISIT_NOT_FOUND'],
  ])('opens a new visit when the server says the saved one is %s, and goes on with it', async (_, status, code) => {
    const refused = (call: string) =>
      call.includes('/v-kept/')
        ? new Response(JSON.stringify({ message: 'No', code }), { status })
        : // The new visit did not reach the first question: the server does not take the second yet.
          new Response(JSON.stringify({ message: 'No', code: 'VISIT_PROGRESS_OUT_OF_ORDER' }), { status: 409 });
    const surveyId = `funnel-8-${code}`;
    const calls = stubFunnel(created('v-8'), refused);
    savedBeforeReload(surveyId, { id: 'v-kept', openedAt: new Date(Date.now() - HOUR_MS).toISOString() });
    const user = await open(surveyId, /drink/);
    await waitFor(() =>
      expect(calls.map((c) => [c.call, c.body])).toEqual([
        [`POST /api/surveys/${surveyId}/visits/v-kept/progress`, { questionId: 'drink' }],
        [`POST /api/surveys/${surveyId}/visits`, undefined],
        [`POST /api/surveys/${surveyId}/visits/v-8/progress`, { questionId: 'drink' }],
      ]),
    );
    await waitFor(() => expect(keptVisit(surveyId)).toMatchObject({ id: 'v-8' }));
    // Back to the first question and on again: the new visit counts from there, nothing is said to the respondent.
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByRole('heading', { level: 2, name: /dish/ });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 2, name: /drink/ });
    await waitFor(() =>
      expect(calls.at(-1)).toEqual({
        call: `POST /api/surveys/${surveyId}/visits/v-8/progress`,
        body: { questionId: 'dish' },
      }),
    );
    await submitDrink(user);
    expect(sentBody()).toMatchObject({ visitId: 'v-8' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
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
