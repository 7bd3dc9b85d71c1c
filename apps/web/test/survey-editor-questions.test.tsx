import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { NPS_LABELS, QUESTION_TYPE_LABELS, questionTypes, SURVEY_MESSAGES, type Survey } from '@quorum/contract';
import { paths } from '@/config/paths';
import { renderEditorAt } from './support/render-editor';
import { makeSurvey } from './support/surveys';

function renderAt(entry: string | { pathname: string; state: unknown }) {
  return renderEditorAt(entry).user;
}

const renderCreate = () => renderAt(paths.user.createSurvey.getHref());
const renderEdit = (survey: Survey) => renderAt({ pathname: `/surveys/${survey.surveyId}/edit`, state: { survey } });

/** Every body sent, answered with `status` and `body`. */
function captureSaves(status = 201, body: unknown = {}) {
  const sent: Array<{ questions: Array<Record<string, unknown>> }> = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
    sent.push(JSON.parse(String(init?.body)) as (typeof sent)[number]);
    return new Response(JSON.stringify(body), { status });
  });
  return sent;
}

afterEach(() => {
  vi.restoreAllMocks();
});

const typeSelects = () => screen.getAllByRole('combobox', { name: 'Question Type' });

async function fillDetails(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: /Project Name/ }), 'Team');
  await user.type(screen.getByRole('textbox', { name: /Survey Title/ }), 'Pulse');
}

describe('the question type switcher', () => {
  it('offers all eleven types by their labels', () => {
    renderCreate();
    const options = within(typeSelects()[0]!).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(questionTypes.map((t) => QUESTION_TYPE_LABELS[t]));
    expect(options.map((o) => (o as HTMLOptionElement).value)).toEqual([...questionTypes]);
  });
});

describe('the editor parts of the new types', () => {
  it('nps: a note and a preview of the 0 to 10 scale with its end labels', async () => {
    const user = renderCreate();
    await user.selectOptions(typeSelects()[0]!, 'nps');
    expect(screen.getByText(/Respondents pick a number from 0 to 10/)).toBeInTheDocument();
    const scale = screen.getByRole('list', { name: '0 to 10' });
    expect(
      within(scale)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(Array.from({ length: 11 }, (_, i) => String(i)));
    expect(screen.getByText(`0 - ${NPS_LABELS.low}`)).toBeInTheDocument();
    expect(screen.getByText(`10 - ${NPS_LABELS.high}`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Option' })).not.toBeInTheDocument();
  });

  it('number: optional smallest, largest and step, sent as numbers', async () => {
    const sent = captureSaves();
    const user = renderCreate();
    await fillDetails(user);
    await user.type(screen.getByRole('textbox', { name: /Question Text/ }), 'How many?');
    await user.selectOptions(typeSelects()[0]!, 'number');
    const min = screen.getByRole('spinbutton', { name: 'Smallest number' });
    expect(min).not.toBeRequired();
    await user.type(min, '-1');
    await user.type(screen.getByRole('spinbutton', { name: 'Step' }), '0.5');
    expect(screen.getByRole('spinbutton', { name: 'Largest number' })).toHaveValue(null);
    await user.click(screen.getByRole('button', { name: 'Create Survey' }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.questions[0]).toMatchObject({ type: 'number', options: [], numberRange: { min: -1, step: 0.5 } });
  });

  it('number: a largest below the smallest is refused at the range, which takes the focus', async () => {
    const sent = captureSaves();
    const user = renderCreate();
    await fillDetails(user);
    await user.type(screen.getByRole('textbox', { name: /Question Text/ }), 'How many?');
    await user.selectOptions(typeSelects()[0]!, 'number');
    await user.type(screen.getByRole('spinbutton', { name: 'Smallest number' }), '5');
    await user.type(screen.getByRole('spinbutton', { name: 'Largest number' }), '1');
    await user.click(screen.getByRole('button', { name: 'Create Survey' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The smallest number cannot be more than the largest');
    expect(screen.getByRole('spinbutton', { name: 'Smallest number' })).toHaveFocus();
    expect(sent).toHaveLength(0);
  });

  it('email: a note and no options', async () => {
    const user = renderCreate();
    await user.selectOptions(typeSelects()[0]!, 'email');
    expect(screen.getByText(/Respondents type an email address/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Option 1/ })).not.toBeInTheDocument();
  });

  it('date: optional earliest and latest dates', async () => {
    const sent = captureSaves();
    const user = renderCreate();
    await fillDetails(user);
    await user.type(screen.getByRole('textbox', { name: /Question Text/ }), 'When?');
    await user.selectOptions(typeSelects()[0]!, 'date');
    const earliest = screen.getByLabelText('Earliest date');
    expect(earliest).toHaveAttribute('type', 'date');
    await user.type(earliest, '2026-03-01');
    await user.click(screen.getByRole('button', { name: 'Create Survey' }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.questions[0]).toMatchObject({ type: 'date', dateRange: { min: '2026-03-01' } });
    expect(sent[0]!.questions[0]!.dateRange).not.toHaveProperty('max');
  });

  it('dropdown: options one at a time, or pasted one per line', async () => {
    const user = renderCreate();
    await user.type(screen.getByRole('textbox', { name: /Option 1/ }), 'Peru');
    await user.selectOptions(typeSelects()[0]!, 'dropdown');
    expect(screen.getByRole('textbox', { name: /Option 1/ })).toHaveValue('Peru');
    const paste = screen.getByRole('textbox', { name: 'Paste options, one per line' });
    const add = screen.getByRole('button', { name: 'Add pasted options' });
    expect(add).toBeDisabled();
    await user.click(paste);
    await user.paste('France\n\nPeru\nChile');
    await user.click(add);
    expect(screen.getAllByRole('textbox', { name: /^Option \d+/ }).map((el) => (el as HTMLInputElement).value)).toEqual(
      ['Peru', 'France', 'Chile'],
    );
    expect(paste).toHaveValue('');
  });

  it('ranking: an options editor', async () => {
    const user = renderCreate();
    await user.selectOptions(typeSelects()[0]!, 'ranking');
    expect(screen.getByText(/respondents put all of them in order/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Option' }));
    expect(screen.getAllByRole('textbox', { name: /^Option \d+/ })).toHaveLength(2);
  });

  it('matrix: rows and columns, each with its own list', async () => {
    const sent = captureSaves();
    const user = renderCreate();
    await fillDetails(user);
    await user.type(screen.getByRole('textbox', { name: /Question Text/ }), 'Rate each');
    await user.selectOptions(typeSelects()[0]!, 'matrix');
    expect(screen.getByRole('group', { name: /Rows/ })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: /Columns/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create Survey' }));
    expect(screen.getByRole('alert')).toHaveTextContent(SURVEY_MESSAGES.optionRequired);
    await user.type(screen.getByRole('textbox', { name: /Column 1/ }), 'Good');
    await user.click(screen.getByRole('button', { name: 'Create Survey' }));
    expect(screen.getByRole('alert')).toHaveTextContent(SURVEY_MESSAGES.matrixRowRequired);
    expect(screen.getByRole('textbox', { name: /Row 1/ })).toHaveFocus();

    await user.type(screen.getByRole('textbox', { name: /Row 1/ }), 'Food');
    await user.click(screen.getByRole('button', { name: 'Add Row' }));
    await user.type(screen.getByRole('textbox', { name: /Row 2/ }), 'Staff');
    await user.click(screen.getByRole('button', { name: 'Create Survey' }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.questions[0]).toMatchObject({ type: 'matrix', options: ['Good'], rows: ['Food', 'Staff'] });
  });
});

describe('each question’s settings', () => {
  it('Required is on by default; off marks the question Optional and is sent', async () => {
    const sent = captureSaves();
    const user = renderCreate();
    await fillDetails(user);
    await user.type(screen.getByRole('textbox', { name: /Question Text/ }), 'Anything else?');
    await user.selectOptions(typeSelects()[0]!, 'text');
    const required = screen.getByRole('checkbox', { name: 'Required' });
    expect(required).toBeChecked();
    const heading = screen.getByRole('heading', { name: /Question 1/ });
    expect(heading).not.toHaveTextContent('Optional');
    await user.click(required);
    expect(heading).toHaveTextContent('Optional');
    await user.type(screen.getByRole('textbox', { name: 'Help text' }), '  Say as much as you like ');
    await user.click(screen.getByRole('button', { name: 'Create Survey' }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.questions[0]).toMatchObject({
      type: 'text',
      required: false,
      description: 'Say as much as you like',
    });
  });

  it('help text is optional and at most 1000 characters', () => {
    renderCreate();
    const help = screen.getByRole('textbox', { name: 'Help text' });
    expect(help).not.toBeRequired();
    expect(help).toHaveAttribute('maxLength', '1000');
  });

  it('offers "Other" for multiple choice, checkboxes and dropdown, and random order for the types that have it', async () => {
    const user = renderCreate();
    const offers = (type: string) => ({
      other: screen.queryByRole('checkbox', { name: 'Offer “Other”' }) !== null,
      random: screen.queryByRole('checkbox', { name: 'Show options in random order' }) !== null,
      type,
    });
    const seen = [];
    for (const type of questionTypes) {
      await user.selectOptions(typeSelects()[0]!, type);
      seen.push(offers(type));
    }
    expect(seen.filter((s) => s.other).map((s) => s.type)).toEqual(['multiple_choice', 'checkbox', 'dropdown']);
    expect(seen.filter((s) => s.random).map((s) => s.type)).toEqual([
      'multiple_choice',
      'checkbox',
      'dropdown',
      'ranking',
      'matrix',
    ]);
  });

  it('loads a stored question’s settings and sends them back', async () => {
    const sent = captureSaves(200);
    const survey = makeSurvey({
      questions: [
        {
          id: 'q1',
          text: 'Pick',
          type: 'dropdown',
          options: ['A', 'B'],
          required: false,
          description: 'Any one',
          allowOther: true,
          randomizeOptions: true,
        },
      ],
    });
    const user = renderEdit(survey);
    expect(screen.getByRole('checkbox', { name: 'Required' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Offer “Other”' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Show options in random order' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Help text' })).toHaveValue('Any one');
    await user.click(screen.getByRole('button', { name: 'Update Survey' }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.questions).toEqual(survey.questions);
  });
});

describe('the skip-logic rules of a question', () => {
  const threeQuestions = makeSurvey({
    questions: [
      { id: 'q1', text: 'Coffee?', type: 'multiple_choice', options: ['Yes', 'No'] },
      { id: 'q2', text: 'Which coffee?', type: 'text', options: [] },
      { id: 'q3', text: 'Anything else?', type: 'text', options: [] },
    ],
  });
  const firstQuestion = () => screen.getAllByRole('listitem', { name: /Question \d/ })[0]!;

  it('are written in plain words, with only later questions and the end as targets', async () => {
    const user = renderEdit(threeQuestions);
    const rules = screen.getAllByRole('button', { name: 'Add rule' });
    await user.click(rules[0]!);
    const rule = screen.getByRole('listitem', { name: 'Rule 1' });
    expect(within(rule).getByText('If the answer is Yes, go to Q3')).toBeInTheDocument();

    const condition = within(rule).getByRole('combobox', { name: 'Condition, rule 1' });
    expect(
      within(condition)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['is', 'is not', 'is answered']);
    const value = within(rule).getByRole('combobox', { name: 'Value, rule 1' });
    expect(
      within(value)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Yes', 'No']);
    const goTo = within(rule).getByRole('combobox', { name: 'Go to, rule 1' });
    expect(
      within(goTo)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Q2: Which coffee?', 'Q3: Anything else?', 'End of survey']);

    await user.selectOptions(value, 'No');
    await user.selectOptions(goTo, 'end');
    expect(within(rule).getByText('If the answer is No, go to End of survey')).toBeInTheDocument();
    await user.selectOptions(condition, 'answered');
    expect(within(rule).queryByRole('combobox', { name: 'Value, rule 1' })).not.toBeInTheDocument();
    expect(within(rule).getByText('If the question is answered, go to End of survey')).toBeInTheDocument();

    // The last question's rules can only end the survey.
    await user.click(rules[2]!);
    const last = screen.getByRole('listitem', { name: /Question 3/ });
    const lastGoTo = within(last).getByRole('combobox', { name: 'Go to, rule 1' });
    expect(
      within(lastGoTo)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['End of survey']);
  });

  it('are sent with the question, and can be reordered and removed', async () => {
    const sent = captureSaves(200);
    const user = renderEdit(threeQuestions);
    const add = within(firstQuestion()).getByRole('button', { name: 'Add rule' });
    await user.click(add);
    await user.click(add);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Value, rule 2' }), 'No');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Go to, rule 2' }), 'q2');
    await user.click(screen.getByRole('button', { name: 'Move up, rule 2' }));
    expect(
      within(screen.getByRole('listitem', { name: 'Rule 1' })).getByText('If the answer is No, go to Q2'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove rule 2' }));
    expect(screen.queryByRole('listitem', { name: 'Rule 2' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Update Survey' }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.questions[0]).toMatchObject({ logic: [{ when: { operator: 'equals', value: 'No' }, goTo: 'q2' }] });
  });

  it('say at once when a move leaves them pointing backwards, and the save is refused until fixed', async () => {
    const sent = captureSaves(200);
    const user = renderEdit(threeQuestions);
    await user.click(within(firstQuestion()).getByRole('button', { name: 'Add rule' }));
    // Q3 is moved to the top: the rule of (now) Q2 points backwards.
    await user.click(screen.getByRole('button', { name: 'Move up, question 3' }));
    await user.click(screen.getByRole('button', { name: 'Move up, question 2' }));
    const rule = screen.getByRole('listitem', { name: 'Rule 1' });
    expect(within(rule).getByText(SURVEY_MESSAGES.logicTargetBackwards)).toBeInTheDocument();
    const goTo = within(rule).getByRole('combobox', { name: 'Go to, rule 1' });
    expect(goTo).toHaveAttribute('aria-invalid', 'true');
    expect(goTo).toHaveAccessibleDescription(expect.stringContaining(SURVEY_MESSAGES.logicTargetBackwards));
    expect((goTo as HTMLSelectElement).selectedOptions[0]).toHaveTextContent(
      'Q1: Anything else? (not after this question)',
    );

    await user.click(screen.getByRole('button', { name: 'Update Survey' }));
    expect(screen.getByRole('alert')).toHaveTextContent(SURVEY_MESSAGES.logicTargetBackwards);
    expect(goTo).toHaveFocus();
    expect(sent).toHaveLength(0);

    await user.selectOptions(goTo, 'end');
    expect(within(rule).queryByText(SURVEY_MESSAGES.logicTargetBackwards)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Update Survey' }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
  });

  it('say so when the question they point at is removed', async () => {
    const user = renderEdit(threeQuestions);
    await user.click(within(firstQuestion()).getByRole('button', { name: 'Add rule' }));
    await user.click(screen.getByRole('button', { name: 'Remove Question 3' }));
    const rule = screen.getByRole('listitem', { name: 'Rule 1' });
    expect(within(rule).getByText(SURVEY_MESSAGES.logicTargetMissing)).toBeInTheDocument();
    expect(within(rule).getByText('If the answer is Yes, go to a question that is no longer here')).toBeInTheDocument();
  });

  it('show the server’s refusal on the rule it names', async () => {
    captureSaves(400, {
      message: SURVEY_MESSAGES.logicTargetMissing,
      code: 'VALIDATION_FAILED',
      params: { field: 'questions.0.logic.0.goTo', issue: 'custom' },
    });
    const user = renderEdit(threeQuestions);
    await user.click(within(firstQuestion()).getByRole('button', { name: 'Add rule' }));
    await user.click(screen.getByRole('button', { name: 'Update Survey' }));
    const rule = screen.getByRole('listitem', { name: 'Rule 1' });
    expect(await within(rule).findByText(SURVEY_MESSAGES.logicTargetMissing)).toBeInTheDocument();
    expect(within(rule).getByRole('combobox', { name: 'Go to, rule 1' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('point at a question added in this session by the id made for it', async () => {
    const sent = captureSaves(200);
    const user = renderEdit(threeQuestions);
    await user.click(screen.getByRole('button', { name: 'Add Question' }));
    const added = screen.getAllByRole('textbox', { name: /Question Text/ })[3]!;
    await user.type(added, 'New one');
    await user.selectOptions(typeSelects()[3]!, 'text');
    await user.click(within(firstQuestion()).getByRole('button', { name: 'Add rule' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Go to, rule 1' }), 'Q4: New one');
    await user.click(screen.getByRole('button', { name: 'Update Survey' }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    const newId = sent[0]!.questions[3]!.id;
    expect(newId).toMatch(/^q-[0-9a-f]{16}$/);
    expect(sent[0]!.questions[0]!.logic).toEqual([{ when: { operator: 'equals', value: 'Yes' }, goTo: newId }]);
  });

  it('work from the keyboard: Enter adds a rule, Tab goes through its condition, value and target', async () => {
    const user = renderEdit(threeQuestions);
    within(firstQuestion()).getByRole('button', { name: 'Add rule' }).focus();
    await user.keyboard('{Enter}');
    const rule = screen.getByRole('listitem', { name: 'Rule 1' });
    within(rule).getByRole('combobox', { name: 'Condition, rule 1' }).focus();
    await user.tab();
    expect(within(rule).getByRole('combobox', { name: 'Value, rule 1' })).toHaveFocus();
    await user.tab();
    expect(within(rule).getByRole('combobox', { name: 'Go to, rule 1' })).toHaveFocus();
    await user.tab();
    // Move up and Move down wait while there is one rule: Tab goes on to Remove.
    expect(within(rule).getByRole('button', { name: 'Remove rule 1' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('listitem', { name: 'Rule 1' })).not.toBeInTheDocument();
  });

  it('offer "is skipped" only while the question is optional, and flag it when the question becomes required', async () => {
    const user = renderEdit(threeQuestions);
    const first = firstQuestion();
    await user.click(within(first).getByRole('checkbox', { name: 'Required' }));
    await user.click(within(first).getByRole('button', { name: 'Add rule' }));
    const condition = screen.getByRole('combobox', { name: 'Condition, rule 1' });
    await user.selectOptions(condition, 'is skipped');
    expect(screen.getByText('If the question is skipped, go to Q3')).toBeInTheDocument();
    await user.click(within(first).getByRole('checkbox', { name: 'Required' }));
    expect(screen.getByText(SURVEY_MESSAGES.logicSkippedRequired)).toBeInTheDocument();
  });
});
