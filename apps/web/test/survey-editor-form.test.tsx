import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SURVEY_MESSAGES } from '@quorum/contract';
import { paths } from '@/config/paths';
import { renderEditorAt } from './support/render-editor';
import { makeSurvey } from './support/surveys';

function renderCreate() {
  return renderEditorAt(paths.user.createSurvey.getHref()).user;
}

describe('the create screen', () => {
  it('starts with one multiple_choice question, one empty option and no remove buttons', () => {
    renderCreate();
    expect(screen.getByRole('heading', { level: 1, name: 'Create New Survey' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Question Type' })).toHaveValue('multiple_choice');
    expect(screen.getByRole('textbox', { name: /Option 1/ })).toHaveValue('');
    expect(screen.queryByRole('button', { name: /Remove Question/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove option/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Survey' })).toBeEnabled();
  });

  it('marks Project Name, Survey Title, Question Text and each option as required', () => {
    renderCreate();
    for (const name of [/Project Name/, /Survey Title/, /Question Text/, /Option 1/]) {
      expect(screen.getByRole('textbox', { name })).toBeRequired();
    }
    expect(screen.getByRole('textbox', { name: /Branding Image URL/ })).not.toBeRequired();
  });

  it('checks on submit in order and focuses the field at fault', async () => {
    const user = renderCreate();
    const submit = screen.getByRole('button', { name: 'Create Survey' });

    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent(SURVEY_MESSAGES.projectNameRequired);
    expect(screen.getByRole('textbox', { name: /Project Name/ })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: /Project Name/ })).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByRole('textbox', { name: /Project Name/ }), 'Team Pulse');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent(SURVEY_MESSAGES.titleRequired);
    expect(screen.getByRole('textbox', { name: /Survey Title/ })).toHaveFocus();

    await user.type(screen.getByRole('textbox', { name: /Survey Title/ }), 'Weekly check-in');
    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent(SURVEY_MESSAGES.questionTextRequired);
    expect(screen.getByRole('textbox', { name: /Question Text/ })).toHaveFocus();

    await user.type(screen.getByRole('textbox', { name: /Question Text/ }), 'How was your week?');
    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent(SURVEY_MESSAGES.optionRequired);
    expect(screen.getByRole('textbox', { name: /Option 1/ })).toHaveFocus();
  });

  it('keeps the form editable with the server’s message when the save fails, and sends the checked body', async () => {
    const sent: unknown[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
      sent.push(JSON.parse(String(init?.body)));
      return new Response(JSON.stringify({ message: 'Too many surveys', code: 'SURVEY_LIMIT_REACHED' }), {
        status: 409,
      });
    });
    const user = renderCreate();
    await user.type(screen.getByRole('textbox', { name: /Project Name/ }), 'Team Pulse');
    await user.type(screen.getByRole('textbox', { name: /Survey Title/ }), 'Weekly check-in');
    await user.type(screen.getByRole('textbox', { name: /Question Text/ }), 'How was your week?');
    await user.type(screen.getByRole('textbox', { name: /Option 1/ }), 'Good');
    await user.click(screen.getByRole('button', { name: 'Add Option' }));
    await user.click(screen.getByRole('button', { name: 'Create Survey' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many surveys');
    expect(screen.getByRole('button', { name: 'Create Survey' })).toBeEnabled();
    expect(screen.getByRole('textbox', { name: /Project Name/ })).toBeEnabled();
    expect(sent).toEqual([
      {
        projectName: 'Team Pulse',
        projectId: 'team-pulse',
        title: 'Weekly check-in',
        brandingImageUrl: null,
        // A new question carries the id made for it in the editor (rules can point at it before it is saved).
        questions: [
          {
            id: expect.stringMatching(/^q-[0-9a-f]{16}$/),
            text: 'How was your week?',
            type: 'multiple_choice',
            options: ['Good'],
          },
        ],
        // No setting touched: each is sent as none, which the server reads as the survey without settings.
        opensAt: null,
        closesAt: null,
        responseLimit: null,
        oneResponsePerBrowser: false,
        hiddenFields: [],
        notifications: { onResponse: 'off' },
        welcome: null,
        thankYou: { title: '', text: '', redirectUrl: '' },
        // Written in English, the default, without other languages.
        defaultLanguage: 'en',
        translations: {},
      },
    ]);
    // An edit elsewhere keeps the server's message until the next save.
    await user.type(screen.getByRole('textbox', { name: /Survey Title/ }), '!');
    expect(screen.getByRole('alert')).toHaveTextContent('Too many surveys');
  });

  it('shows the project ID derived from the project name', async () => {
    const user = renderCreate();
    await user.type(screen.getByRole('textbox', { name: /Project Name/ }), 'My  Big Project');
    expect(screen.getByText('Project ID: my-big-project')).toBeInTheDocument();
  });

  it('applies the type rules: text hides options, rating shows the scale, 10 points shows a slider', async () => {
    const user = renderCreate();
    const type = screen.getByRole('combobox', { name: 'Question Type' });

    await user.selectOptions(type, 'text');
    expect(screen.queryByRole('textbox', { name: /Option 1/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Option' })).not.toBeInTheDocument();

    await user.selectOptions(type, 'checkbox');
    expect(screen.getByRole('textbox', { name: /Option 1/ })).toHaveValue('');

    await user.selectOptions(type, 'rating');
    expect(screen.getByRole('radio', { name: /5-point scale/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: '1 - Very Poor' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '5 - Excellent' })).toBeInTheDocument();
    expect(screen.queryByRole('slider')).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: /10-point scale/ }));
    const slider = screen.getByRole('slider');
    expect(slider).toHaveAttribute('min', '1');
    expect(slider).toHaveAttribute('max', '10');
    expect(screen.getByText('10 - Excellent')).toBeInTheDocument();
  });

  it('shows option and question remove buttons only when more than one exists', async () => {
    const user = renderCreate();
    await user.click(screen.getByRole('button', { name: 'Add Option' }));
    expect(screen.getAllByRole('button', { name: /Remove option/ })).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Remove option 2' }));
    expect(screen.queryByRole('button', { name: /Remove option/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add Question' }));
    expect(screen.getAllByRole('button', { name: /Remove Question/ })).toHaveLength(2);
    expect(screen.getAllByRole('textbox', { name: /Question Text/ })[1]).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Remove Question 1' }));
    expect(screen.queryByRole('button', { name: /Remove Question/ })).not.toBeInTheDocument();
  });

  it('reorders questions with the move buttons, keeping focus and announcing the move', async () => {
    const user = renderCreate();
    await user.type(screen.getByRole('textbox', { name: /Question Text/ }), 'First');
    await user.click(screen.getByRole('button', { name: 'Add Question' }));
    await user.type(screen.getAllByRole('textbox', { name: /Question Text/ })[1]!, 'Second');

    expect(screen.getByRole('button', { name: 'Move up, question 1' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move down, question 2' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Move up, question 2' }));
    const texts = screen
      .getAllByRole('textbox', { name: /Question Text/ })
      .map((el) => (el as HTMLTextAreaElement).value);
    expect(texts).toEqual(['Second', 'First']);
    expect(screen.getByText('Question 2 moved to position 1 of 2.')).toBeInTheDocument();
    // Up is now disabled for the moved question, so focus lands on its Move down button.
    expect(screen.getByRole('button', { name: 'Move down, question 1' })).toHaveFocus();
  });
});

describe('the edit screen', () => {
  const generated = makeSurvey({
    surveyId: 'gen-1',
    projectId: 'ideas',
    title: 'Coffee survey',
    projectName: 'Ideas',
    generator: 'builtin',
    questions: [{ id: 'q1', text: 'How do you take it?', type: 'multiple_choice', options: ['Black', 'White'] }],
  });

  function renderEdit(state: unknown) {
    return renderEditorAt({ pathname: '/surveys/gen-1/edit', state }).view;
  }

  it('takes the survey from navigation state and says once that a generated survey needs review', async () => {
    const user = userEvent.setup();
    const view = renderEdit({ survey: generated });
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Survey' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Survey Title/ })).toHaveValue('Coffee survey');
    expect(screen.getByRole('textbox', { name: /Option 2/ })).toHaveValue('White');
    expect(screen.getByRole('button', { name: 'Update Survey' })).toBeInTheDocument();
    expect(screen.getByText(/generated from your idea/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Dismiss message' }));
    expect(screen.queryByText(/generated from your idea/)).not.toBeInTheDocument();
    view.unmount();
    renderEdit({ survey: generated });
    expect(screen.getByRole('textbox', { name: /Survey Title/ })).toHaveValue('Coffee survey');
    expect(screen.queryByText(/generated from your idea/)).not.toBeInTheDocument();
  });

  it('shows no review notice for a survey made by hand', () => {
    renderEdit({ survey: { ...generated, surveyId: 'gen-1', generator: 'manual' } });
    expect(screen.getByRole('textbox', { name: /Survey Title/ })).toHaveValue('Coffee survey');
    expect(screen.queryByText(/generated/)).not.toBeInTheDocument();
  });
});
