import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NPS_LABELS, type Question } from '@quorum/contract';
import { ApiError } from '@/lib/api-client';
import { getPublicSurvey } from '../api/get-public-survey';
import { submitResponse } from '../api/submit-response';
import { SurveyRunner } from './survey-runner';
import { makePublicSurvey } from '@test/support/surveys';

vi.mock('../api/get-public-survey', () => ({ getPublicSurvey: vi.fn() }));
vi.mock('../api/submit-response', () => ({ submitResponse: vi.fn() }));

const navigate = vi.fn();

async function run(questions: Question[]) {
  vi.mocked(getPublicSurvey).mockResolvedValue(makePublicSurvey({ questions }));
  const user = userEvent.setup();
  const view = render(<SurveyRunner projectId="p" surveyId="s1" navigate={navigate} />);
  await screen.findByRole('heading', { level: 2 });
  return { user, view };
}

/** The answers of the one response sent. */
function sent() {
  expect(submitResponse).toHaveBeenCalledTimes(1);
  return vi.mocked(submitResponse).mock.calls[0]![1].answers;
}

const heading = () => screen.getByRole('heading', { level: 2 });
const button = (name: string | RegExp) => screen.getByRole('button', { name });

beforeEach(() => {
  vi.mocked(getPublicSurvey).mockReset();
  vi.mocked(submitResponse).mockReset();
  vi.mocked(submitResponse).mockResolvedValue({ responseId: 'r1' });
  navigate.mockReset();
});

describe('the new question types', () => {
  it('NPS: 0 to 10 with the end labels under 0 and 10, answered with the keyboard; sends a number', async () => {
    const { user } = await run([{ id: 'n', text: 'Recommend us?', type: 'nps', options: [] }]);
    const radios = screen.getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('value'))).toEqual([
      '0',
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
    ]);
    expect(screen.getByRole('radio', { name: '0' })).toHaveAccessibleDescription(NPS_LABELS.low);
    expect(screen.getByRole('radio', { name: '10' })).toHaveAccessibleDescription(NPS_LABELS.high);
    expect(button('Submit')).toBeDisabled();
    screen.getByRole('radio', { name: '7' }).focus();
    await user.keyboard(' ');
    expect(screen.getByRole('radio', { name: '7' })).toBeChecked();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(sent()).toEqual([{ questionId: 'n', answer: 7 }]));
  });

  it('Number: a decimal within the range and on its step, checked before sending', async () => {
    const { user } = await run([
      { id: 'x', text: 'How many?', type: 'number', options: [], numberRange: { min: 0, max: 10, step: 0.5 } },
    ]);
    const input = screen.getByRole('spinbutton', { name: 'How many?' });
    expect(input).toHaveAttribute('min', '0');
    expect(input).toHaveAttribute('max', '10');
    expect(input).toHaveAttribute('step', '0.5');
    expect(input).toHaveAccessibleDescription('Between 0 and 10, in steps of 0.5.');
    await user.type(input, '11');
    await user.click(button('Submit'));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a number of at most 10.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.clear(input);
    await user.type(input, '2.25');
    await user.click(button('Submit'));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a number in steps of 0.5.');
    expect(submitResponse).not.toHaveBeenCalled();
    await user.clear(input);
    await user.type(input, '2.5{Enter}');
    await waitFor(() => expect(sent()).toEqual([{ questionId: 'x', answer: '2.5' }]));
  });

  it('Email: an address checked before going on, with a clear message; sent trimmed', async () => {
    const { user } = await run([{ id: 'e', text: 'Your email', type: 'email', options: [] }]);
    const input = screen.getByRole('textbox', { name: 'Your email' });
    expect(input).toHaveAttribute('type', 'email');
    await user.type(input, 'ann@example');
    await user.click(button('Submit'));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter an email address like name@example.com.');
    expect(input).toHaveAccessibleDescription('Enter an email address like name@example.com.');
    await user.type(input, '.com ');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(button('Submit'));
    await waitFor(() => expect(sent()).toEqual([{ questionId: 'e', answer: 'ann@example.com' }]));
  });

  it('Date: the native date input within the range', async () => {
    const { user } = await run([
      { id: 'd', text: 'When?', type: 'date', options: [], dateRange: { min: '2026-02-01', max: '2026-12-31' } },
    ]);
    const input = screen.getByLabelText('When?');
    expect(input).toHaveAttribute('type', 'date');
    expect(input).toHaveAttribute('min', '2026-02-01');
    expect(input).toHaveAttribute('max', '2026-12-31');
    fireEvent.change(input, { target: { value: '2026-01-05' } });
    await user.click(button('Submit'));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a date on or after 2026-02-01.');
    fireEvent.change(input, { target: { value: '2026-03-05' } });
    await user.click(button('Submit'));
    await waitFor(() => expect(sent()).toEqual([{ questionId: 'd', answer: '2026-03-05' }]));
  });

  it('Dropdown: a select (type-ahead is the browser’s), with "Other" revealing a text field', async () => {
    const { user } = await run([
      { id: 'f', text: 'Fruit', type: 'dropdown', options: ['Apple', 'Banana', 'Cherry'], allowOther: true },
    ]);
    const select = screen.getByRole('combobox', { name: 'Fruit' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose an option', 'Apple', 'Banana', 'Cherry', 'Other']);
    await user.selectOptions(select, 'Banana');
    expect(select).toHaveDisplayValue('Banana');
    await user.selectOptions(select, 'Other');
    expect(button('Submit')).toBeDisabled();
    const other = screen.getByRole('textbox', { name: 'Your answer for “Other”' });
    expect(other).toHaveAttribute('maxLength', '500');
    await user.type(other, ' Kiwi ');
    await user.click(button('Submit'));
    await waitFor(() => expect(sent()).toEqual([{ questionId: 'f', answer: 'Kiwi' }]));
  });

  it('Ranking: moved with the keyboard, each move announced and the focus kept on the moved option', async () => {
    const { user } = await run([{ id: 'r', text: 'Rank them', type: 'ranking', options: ['A', 'B', 'C'] }]);
    const list = screen.getByRole('list', { name: 'Rank them' });
    const items = () =>
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    expect(items()).toEqual(['1A', '2B', '3C']);
    expect(button('Submit')).toBeDisabled();
    button('Move C up').focus();
    await user.keyboard('{Enter}');
    expect(items()).toEqual(['1A', '2C', '3B']);
    expect(screen.getByText('C moved to position 2 of 3.')).toBeInTheDocument();
    expect(button('Move C up')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(items()).toEqual(['1C', '2A', '3B']);
    // At the top, "up" is disabled: the focus goes to "down" of the same option.
    expect(button('Move C down')).toHaveFocus();
    await user.click(button('Submit'));
    await waitFor(() => expect(sent()).toEqual([{ questionId: 'r', answer: ['C', 'A', 'B'] }]));
  });

  it('Ranking: the order shown can be kept as it is', async () => {
    const { user } = await run([{ id: 'r', text: 'Rank them', type: 'ranking', options: ['A', 'B'] }]);
    await user.click(button('Keep this order'));
    expect(screen.queryByRole('button', { name: 'Keep this order' })).not.toBeInTheDocument();
    await user.click(button('Submit'));
    await waitFor(() => expect(sent()).toEqual([{ questionId: 'r', answer: ['A', 'B'] }]));
  });

  it('Matrix: one radio group per row, every row needed; sent in row order', async () => {
    const { user } = await run([
      { id: 'm', text: 'Rate', type: 'matrix', options: ['Good', 'Bad'], rows: ['Speed', 'Price'] },
    ]);
    await user.click(within(screen.getByRole('group', { name: 'Price' })).getByRole('radio', { name: 'Bad' }));
    await user.click(button('Submit'));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose an answer in the row left open.');
    await user.click(within(screen.getByRole('group', { name: 'Speed' })).getByRole('radio', { name: 'Good' }));
    await user.click(button('Submit'));
    await waitFor(() => expect(sent()).toEqual([{ questionId: 'm', answer: ['Good', 'Bad'] }]));
  });
});

describe('"Other"', () => {
  it('multiple choice: the typed text is the answer', async () => {
    const { user } = await run([
      { id: 'c', text: 'Colour', type: 'multiple_choice', options: ['Red', 'Blue'], allowOther: true },
    ]);
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Other' }));
    await user.type(screen.getByRole('textbox', { name: 'Your answer for “Other”' }), 'Purple');
    await user.click(button('Submit'));
    await waitFor(() => expect(sent()).toEqual([{ questionId: 'c', answer: 'Purple' }]));
  });

  it('checkbox: the text is one more item, last; ticked without a text, it asks for one', async () => {
    const { user } = await run([
      { id: 'c', text: 'Pets', type: 'checkbox', options: ['Cat', 'Dog'], allowOther: true },
    ]);
    await user.click(screen.getByRole('checkbox', { name: 'Other' }));
    await user.click(screen.getByRole('checkbox', { name: 'Dog' }));
    await user.click(button('Submit'));
    expect(screen.getByRole('alert')).toHaveTextContent('Type your answer for “Other”, or untick it.');
    await user.type(screen.getByRole('textbox', { name: 'Your answer for “Other”' }), 'Owl');
    await user.click(button('Submit'));
    await waitFor(() => expect(sent()).toEqual([{ questionId: 'c', answer: ['Dog', 'Owl'] }]));
  });

  it('is not offered unless the question allows it', async () => {
    await run([{ id: 'c', text: 'Colour', type: 'multiple_choice', options: ['Red', 'Blue'] }]);
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['Red', 'Blue']);
  });
});

describe('optional questions and help text', () => {
  const questions: Question[] = [
    { id: 'a', text: 'Anything to add?', type: 'text', options: [], required: false, description: 'A line or two.' },
    { id: 'b', text: 'Colour', type: 'multiple_choice', options: ['Red', 'Blue'] },
  ];

  it('shows "Optional", enables Next at once, and Skip clears a partial answer', async () => {
    const { user } = await run(questions);
    expect(heading()).toHaveTextContent('Anything to add? Optional');
    const box = screen.getByRole('textbox', { name: /Anything to add\?/ });
    expect(box).toHaveAccessibleDescription(expect.stringContaining('A line or two.'));
    expect(button('Next')).toBeEnabled();
    await user.type(box, 'half a thought');
    await user.click(button('Skip'));
    expect(heading()).toHaveTextContent('Colour');
    expect(screen.queryByText('Optional')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Skip' })).not.toBeInTheDocument();
    expect(button('Submit')).toBeDisabled();
    await user.click(button('Previous'));
    expect(screen.getByRole('textbox', { name: /Anything to add\?/ })).toHaveValue('');
    await user.click(button('Next'));
    await user.click(screen.getByRole('radio', { name: 'Blue' }));
    await user.click(button('Submit'));
    await waitFor(() => expect(sent()).toEqual([{ questionId: 'b', answer: 'Blue' }]));
  });

  it('a required question (no `required`) has no Skip and waits for its answer, as before', async () => {
    await run([{ id: 'b', text: 'Colour', type: 'multiple_choice', options: ['Red', 'Blue'] }]);
    expect(screen.queryByRole('button', { name: 'Skip' })).not.toBeInTheDocument();
    expect(button('Submit')).toBeDisabled();
    expect(screen.getByRole('group', { name: /Colour/ })).not.toHaveAttribute('aria-describedby');
  });

  it('when every question is skipped, shows the server’s refusal', async () => {
    vi.mocked(submitResponse).mockRejectedValue(
      new ApiError(400, 'Please answer every question before submitting', 'NO_ANSWERS', {}),
    );
    const { user } = await run([questions[0]!]);
    await user.click(button('Skip'));
    expect(await screen.findByText(/Please answer every question before submitting/)).toBeInTheDocument();
    expect(sent()).toEqual([]);
    expect(screen.queryByText(/please try again/)).not.toBeInTheDocument();
  });
});

describe('random order', () => {
  const options = ['o1', 'o2', 'o3', 'o4', 'o5', 'o6', 'o7', 'o8'];
  const question: Question = { id: 'c', text: 'Pick', type: 'checkbox', options, randomizeOptions: true };
  const shown = () => screen.getAllByRole('checkbox').map((c) => c.getAttribute('value'));

  it('is the respondent’s own, stable while answering and after a reload; the answer keeps the author’s order', async () => {
    localStorage.setItem('quorum.survey-progress.s1', JSON.stringify({ index: 0, answers: {}, seed: 'respondent-1' }));
    const { user, view } = await run([question]);
    const order = shown();
    expect([...order].sort()).toEqual(options);
    expect(order).not.toEqual(options);
    await user.click(screen.getByRole('checkbox', { name: order[0]! }));
    await user.click(screen.getByRole('checkbox', { name: order[1]! }));
    expect(shown()).toEqual(order);
    view.unmount();
    await run([question]);
    expect(shown()).toEqual(order);
    const user2 = userEvent.setup();
    await user2.click(button('Submit'));
    const picked = [order[0]!, order[1]!].sort();
    await waitFor(() => expect(sent()).toEqual([{ questionId: 'c', answer: picked }]));
  });

  it('differs between respondents, and leaves questions without it in the author’s order', async () => {
    localStorage.setItem('quorum.survey-progress.s1', JSON.stringify({ index: 0, answers: {}, seed: 'respondent-1' }));
    const { view } = await run([question]);
    const first = shown();
    view.unmount();
    localStorage.setItem('quorum.survey-progress.s1', JSON.stringify({ index: 0, answers: {}, seed: 'respondent-2' }));
    const second = await run([question]);
    expect(shown()).not.toEqual(first);
    second.view.unmount();
    await run([{ ...question, randomizeOptions: false }]);
    expect(shown()).toEqual(options);
  });

  it('shuffles a matrix’s rows, and the answer stays in row order', async () => {
    localStorage.setItem('quorum.survey-progress.s1', JSON.stringify({ index: 0, answers: {}, seed: 'respondent-1' }));
    const rows = ['r1', 'r2', 'r3', 'r4', 'r5', 'r6'];
    const { user } = await run([
      { id: 'm', text: 'Rate', type: 'matrix', options: ['Yes', 'No'], rows, randomizeOptions: true },
    ]);
    const legends = screen
      .getAllByRole('group')
      .slice(1)
      .map((g) => g.querySelector('legend')!.textContent);
    expect([...legends].sort()).toEqual(rows);
    expect(legends).not.toEqual(rows);
    for (const row of rows) {
      await user.click(
        within(screen.getByRole('group', { name: row })).getByRole('radio', { name: row === 'r1' ? 'Yes' : 'No' }),
      );
    }
    await user.click(button('Submit'));
    await waitFor(() => expect(sent()).toEqual([{ questionId: 'm', answer: ['Yes', 'No', 'No', 'No', 'No', 'No'] }]));
  });
});

describe('skip logic', () => {
  const questions: Question[] = [
    {
      id: 'q1',
      text: 'Do you drive?',
      type: 'multiple_choice',
      options: ['Yes', 'No'],
      logic: [{ when: { operator: 'equals', value: 'No' }, goTo: 'q3' }],
    },
    { id: 'q2', text: 'What car?', type: 'text', options: [] },
    {
      id: 'q3',
      text: 'How old are you?',
      type: 'number',
      options: [],
      logic: [{ when: { operator: 'less_than', value: 18 }, goTo: 'end' }],
    },
    { id: 'q4', text: 'Your email', type: 'email', options: [] },
  ];
  const progressText = () => screen.getByText(/^Question \d+ of \d+$/).textContent;

  it('follows the rules: progress counts the path, Previous retraces it, answers off the path are not sent', async () => {
    const { user } = await run(questions);
    expect(progressText()).toBe('Question 1 of 4');
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.click(button('Next'));
    expect(heading()).toHaveTextContent('What car?');
    expect(progressText()).toBe('Question 2 of 4');
    await user.type(screen.getByRole('textbox', { name: 'What car?' }), 'A van');
    await user.click(button('Previous'));
    await user.click(screen.getByRole('radio', { name: 'No' }));
    expect(progressText()).toBe('Question 1 of 3');
    await user.click(button('Next'));
    expect(heading()).toHaveTextContent('How old are you?');
    expect(progressText()).toBe('Question 2 of 3');
    await user.click(button('Previous'));
    expect(heading()).toHaveTextContent('Do you drive?');
    await user.click(button('Next'));
    await user.type(screen.getByRole('spinbutton', { name: 'How old are you?' }), '40');
    await user.click(button('Next'));
    expect(heading()).toHaveTextContent('Your email');
    expect(progressText()).toBe('Question 3 of 3');
    await user.type(screen.getByRole('textbox', { name: 'Your email' }), 'me@example.com');
    await user.click(button('Submit'));
    await waitFor(() =>
      expect(sent()).toEqual([
        { questionId: 'q1', answer: 'No' },
        { questionId: 'q3', answer: '40' },
        { questionId: 'q4', answer: 'me@example.com' },
      ]),
    );
  });

  it('a rule to the end makes the question the last: Submit sends only the path', async () => {
    const { user } = await run(questions);
    await user.click(screen.getByRole('radio', { name: 'No' }));
    await user.click(button('Next'));
    const age = screen.getByRole('spinbutton', { name: 'How old are you?' });
    await user.type(age, '12');
    expect(progressText()).toBe('Question 2 of 2');
    await user.click(button('Submit'));
    await waitFor(() =>
      expect(sent()).toEqual([
        { questionId: 'q1', answer: 'No' },
        { questionId: 'q3', answer: '12' },
      ]),
    );
  });
});
