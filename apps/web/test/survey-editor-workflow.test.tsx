import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import axe from 'axe-core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SETTINGS_MESSAGES, type PublicSurvey } from '@quorum/contract';
import { paths } from '@/config/paths';
import { keepWorkBeforeSessionEnds } from '@/lib/session-ended';
import { readKeptDraft } from '@/features/survey-editor/lib/kept-draft';
import { makeUser } from './support/render-shell';
import { renderEditorAt } from './support/render-editor';
import { makeSurvey } from './support/surveys';

const openPreview = vi.hoisted(() => vi.fn<(survey: PublicSurvey, surveyId?: string) => void>());
vi.mock('@/lib/preview-handoff', () => ({ openPreview }));

// Each test renders the whole editor; a busy machine needs more than the default five seconds.
vi.setConfig({ testTimeout: 30_000 });

const previousZone = process.env.TZ;
beforeEach(() => {
  process.env.TZ = 'Europe/Amsterdam';
});
afterEach(() => {
  process.env.TZ = previousZone;
  localStorage.clear();
  sessionStorage.clear();
  openPreview.mockReset();
  vi.restoreAllMocks();
});

const questions = [
  { id: 'q1', text: 'First question', type: 'multiple_choice' as const, options: ['A', 'B'] },
  { id: 'q2', text: 'Second question', type: 'multiple_choice' as const, options: ['C', 'D'] },
];
const survey = makeSurvey({
  surveyId: 's1',
  title: 'Launch feedback',
  projectName: 'Launch',
  questions,
  opensAt: '2026-12-01T08:00:00.000Z',
  closesAt: null,
  responseLimit: 250,
  oneResponsePerBrowser: true,
  hiddenFields: ['source'],
  welcome: { title: 'Hello', text: null, buttonLabel: null },
  thankYou: null,
});
const editEntry = { pathname: '/surveys/s1/edit', state: { survey } };

/** Every body sent, answered with `status` and `body`. */
function captureSaves(status = 200, body: unknown = {}) {
  const sent: Array<Record<string, unknown>> = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
    sent.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return sent;
}

const questionTexts = () =>
  screen.getAllByRole('textbox', { name: /Question Text/ }).map((el) => (el as HTMLTextAreaElement).value);

describe('the Settings panel', () => {
  it('shows every setting in local time with the time zone named, and sends them back in UTC', async () => {
    const sent = captureSaves(200, { ...survey });
    const { user } = renderEditorAt(editEntry);
    expect(screen.getByText(/^Times are in Europe\/Amsterdam \(UTC\+[12]\)$/)).toBeInTheDocument();
    expect(screen.getByLabelText('Opens at')).toHaveValue('2026-12-01T09:00');
    expect(screen.getByLabelText('Closes at')).toHaveValue('');
    expect(screen.getByLabelText('Response limit')).toHaveValue(250);
    expect(screen.getByRole('checkbox', { name: 'One response per browser' })).toBeChecked();
    expect(screen.getByText(/courtesy limit, not identity/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Hidden field 1 name' })).toHaveValue('source');
    expect(screen.getByText('…?source=…')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Show a welcome screen' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: /Welcome title/ })).toHaveValue('Hello');

    await user.click(screen.getByRole('button', { name: 'Add hidden field' }));
    await user.type(screen.getByRole('textbox', { name: 'Hidden field 2 name' }), 'campaign');
    expect(screen.getByText('…?source=…&campaign=…')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Closes at'), { target: { value: '2027-07-01T18:30' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Redirect URL' }), {
      target: { value: 'https://example.com/done' },
    });
    await user.click(screen.getByRole('button', { name: 'Update Survey' }));

    await waitFor(() => expect(sent).toHaveLength(1), { timeout: 4000 });
    expect(sent[0]).toMatchObject({
      opensAt: '2026-12-01T08:00:00.000Z',
      closesAt: '2027-07-01T16:30:00.000Z',
      responseLimit: 250,
      oneResponsePerBrowser: true,
      hiddenFields: ['source', 'campaign'],
      welcome: { title: 'Hello', text: '', buttonLabel: '' },
      thankYou: { title: '', text: '', redirectUrl: 'https://example.com/done' },
    });
  });

  it('checks the settings before saving and focuses the one at fault', async () => {
    const sent = captureSaves();
    const { user } = renderEditorAt(editEntry);
    fireEvent.change(screen.getByLabelText('Closes at'), { target: { value: '2026-11-30T09:00' } });
    await user.click(screen.getByRole('button', { name: 'Update Survey' }));
    expect(screen.getByRole('alert')).toHaveTextContent(SETTINGS_MESSAGES.closesBeforeOpens);
    expect(screen.getByLabelText('Closes at')).toHaveFocus();
    expect(screen.getByLabelText('Closes at')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toHaveLength(0);
  });

  it('puts the server’s message about a setting on that setting', async () => {
    captureSaves(400, {
      message: SETTINGS_MESSAGES.hiddenFieldReserved,
      code: 'VALIDATION_ERROR',
      params: { field: 'hiddenFields.0' },
    });
    const { user } = renderEditorAt(editEntry);
    await user.click(screen.getByRole('button', { name: 'Update Survey' }));
    const input = screen.getByRole('textbox', { name: 'Hidden field 1 name' });
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'), { timeout: 4000 });
    expect(input).toHaveFocus();
    expect(input).toHaveAccessibleDescription(SETTINGS_MESSAGES.hiddenFieldReserved);
  });
});

describe('Preview', () => {
  it('opens the unsaved draft as respondents would see it', async () => {
    const { user } = renderEditorAt(editEntry);
    fireEvent.change(screen.getByRole('textbox', { name: /Survey Title/ }), { target: { value: 'Not saved yet' } });
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(openPreview).toHaveBeenCalledTimes(1);
    const [shown, surveyId] = openPreview.mock.calls[0]!;
    expect(surveyId).toBe('s1');
    expect(shown).toMatchObject({ surveyId: 's1', title: 'Not saved yet', hiddenFields: ['source'] });
    expect(shown).not.toHaveProperty('responseLimit');
  });

  it('says what is wrong instead when the draft would not save', async () => {
    const { user } = renderEditorAt(paths.user.createSurvey.getHref());
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(openPreview).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: /Project Name/ })).toHaveFocus();
    expect(screen.getByRole('alert')).toBeInTheDocument();
  });
});

describe('leaving with unsaved changes', () => {
  it('asks before an in-app navigation, and stays or leaves as chosen', async () => {
    const { user } = renderEditorAt(paths.user.createSurvey.getHref());
    await user.type(screen.getByRole('textbox', { name: /Survey Title/ }), 'Half done');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Survey Title/ })).toHaveValue('Half done');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
  });

  it('lets the way to the login page through when the session ends', async () => {
    const { user, router } = renderEditorAt(paths.user.createSurvey.getHref());
    await user.type(screen.getByRole('textbox', { name: /Survey Title/ }), 'Half done');
    act(() => keepWorkBeforeSessionEnds());
    await act(() => router.navigate(paths.user.dashboard.getHref()));
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not ask the browser either when the session ends: the page load to the login page goes through', async () => {
    const { user } = renderEditorAt(paths.user.createSurvey.getHref(), makeUser('user'));
    await user.type(screen.getByRole('textbox', { name: /Survey Title/ }), 'Half done');
    act(() => keepWorkBeforeSessionEnds());
    const leaving = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(false);
    // The edits are kept for this account and page, for after logging in again.
    expect(readKeptDraft('user-1', paths.user.createSurvey.getHref())?.title).toBe('Half done');
  });

  it('asks the browser before closing the tab only while there are changes', async () => {
    const { user } = renderEditorAt(paths.user.createSurvey.getHref());
    const untouched = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(untouched);
    expect(untouched.defaultPrevented).toBe(false);
    await user.type(screen.getByRole('textbox', { name: /Survey Title/ }), 'x');
    const changed = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(changed);
    expect(changed.defaultPrevented).toBe(true);
  });

  it('does not ask without changes, nor after a successful save', async () => {
    const first = renderEditorAt(paths.user.createSurvey.getHref());
    await first.user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
    first.view.unmount();

    captureSaves(200, { ...survey });
    const { user } = renderEditorAt(editEntry);
    await user.type(screen.getByRole('textbox', { name: /Survey Title/ }), '!');
    await user.click(screen.getByRole('button', { name: 'Update Survey' }));
    // The save goes to the dashboard after its short success message, without asking.
    expect(await screen.findByRole('heading', { name: 'Dashboard page' }, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('edits kept in the browser', () => {
  it('offers the edits of an earlier visit back, to restore or discard', async () => {
    const account = makeUser('user');
    const first = renderEditorAt(editEntry, account);
    fireEvent.change(screen.getByRole('textbox', { name: /Survey Title/ }), {
      target: { value: 'Typed before the crash' },
    });
    // The edits are kept once typing pauses.
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
    first.view.unmount();

    const second = renderEditorAt(editEntry, account);
    expect(screen.getByText('Unsaved changes found')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Survey Title/ })).toHaveValue('Launch feedback');
    await second.user.click(screen.getByRole('button', { name: 'Restore' }));
    expect(screen.getByRole('textbox', { name: /Survey Title/ })).toHaveValue('Typed before the crash');
    expect(screen.queryByText('Unsaved changes found')).not.toBeInTheDocument();
    second.view.unmount();

    const third = renderEditorAt(editEntry, account);
    await third.user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(screen.getByRole('textbox', { name: /Survey Title/ })).toHaveValue('Launch feedback');
    third.view.unmount();
    renderEditorAt(editEntry, account);
    expect(screen.queryByText('Unsaved changes found')).not.toBeInTheDocument();
  });

  it('keeps the last edit even when the page goes away before typing pauses', async () => {
    const first = renderEditorAt(paths.user.createSurvey.getHref(), makeUser('user'));
    await first.user.type(screen.getByRole('textbox', { name: /Survey Title/ }), 'Quick');
    first.view.unmount();
    const again = renderEditorAt(paths.user.createSurvey.getHref(), makeUser('user'));
    await again.user.click(screen.getByRole('button', { name: 'Restore' }));
    expect(screen.getByRole('textbox', { name: /Survey Title/ })).toHaveValue('Quick');
  });

  it('offers the edits back on the create page, and nothing when another account opens it', async () => {
    const first = renderEditorAt(paths.user.createSurvey.getHref(), makeUser('user'));
    await first.user.type(screen.getByRole('textbox', { name: /Survey Title/ }), 'Mine');
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
    first.view.unmount();
    const again = renderEditorAt(paths.user.createSurvey.getHref(), makeUser('user'));
    expect(screen.getByText('Unsaved changes found')).toBeInTheDocument();
    again.view.unmount();
    renderEditorAt(paths.user.createSurvey.getHref(), { ...makeUser('user'), id: 'someone-else' });
    expect(screen.queryByText('Unsaved changes found')).not.toBeInTheDocument();
  });
});

describe('questions: undo a removal, reorder by keyboard', () => {
  it('puts a removed question back in its place from the toast', async () => {
    const { user } = renderEditorAt(editEntry);
    await user.click(screen.getByRole('button', { name: 'Remove Question 1' }));
    expect(questionTexts()).toEqual(['Second question']);
    const toast = screen.getByText('Question 1 removed.', { selector: '[role=status] *' });
    expect(toast).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(questionTexts()).toEqual(['First question', 'Second question']);
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
  });

  it('moves a question with the keyboard and announces it; each question has a drag handle', async () => {
    const { user } = renderEditorAt(editEntry);
    expect(screen.getByRole('button', { name: 'Drag to reorder question 1' })).toBeInTheDocument();
    screen.getByRole('button', { name: 'Move down, question 1' }).focus();
    await user.keyboard('{Enter}');
    expect(questionTexts()).toEqual(['Second question', 'First question']);
    expect(screen.getByText('Question 1 moved to position 2 of 2.')).toBeInTheDocument();
  });
});

describe('accessibility', () => {
  it('the editor with its settings, a kept-edits offer and the undo toast passes axe', async () => {
    const account = makeUser('user');
    const first = renderEditorAt(editEntry, account);
    fireEvent.change(screen.getByRole('textbox', { name: /Survey Title/ }), { target: { value: 'Changed' } });
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
    first.view.unmount();

    const { user, view } = renderEditorAt(editEntry, account);
    await user.click(screen.getByRole('button', { name: 'Remove Question 1' }));
    expect(screen.getByText('Unsaved changes found')).toBeInTheDocument();
    const results = await axe.run(view.container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });

  it('moves a question by keyboard on its drag handle (space, arrow, space)', async () => {
    // The test browser lays nothing out: each question gets a place of its own, one under the other.
    const rect = vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const item = this.closest('li[data-question-key]');
      const at = item ? Array.from(item.parentElement!.children).indexOf(item) : 0;
      const top = item ? at * 300 : 0;
      return DOMRect.fromRect({ x: 0, y: top, width: 600, height: item ? 280 : 0 });
    });
    const { user } = renderEditorAt(editEntry);
    screen.getByRole('button', { name: 'Drag to reorder question 1' }).focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowDown}');
    await user.keyboard(' ');
    await waitFor(() => expect(questionTexts()).toEqual(['Second question', 'First question']));
    expect(screen.getByText('Question 1 moved to position 2 of 2.')).toBeInTheDocument();
    rect.mockRestore();
  });
});
