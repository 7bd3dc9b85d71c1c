import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyDraft } from './editor-model';
import { forgetKeptDraft, forgetKeptEdit, keepDraft, keepEdit, readKeptDraft, readKeptEdit } from './kept-draft';

describe('a survey kept when the session ended', () => {
  afterEach(() => {
    sessionStorage.clear();
    vi.useRealTimers();
  });

  const draft = () => ({ ...emptyDraft(), title: 'Half-written survey' });

  it('comes back for the same account on the same page, with fresh keys, until forgotten', () => {
    keepDraft('user-1', '/surveys/create', draft());
    const back = readKeptDraft('user-1', '/surveys/create');
    expect(back?.title).toBe('Half-written survey');
    expect(back?.questions[0]?.key).toMatch(/^question-\d+$/);
    forgetKeptDraft();
    expect(readKeptDraft('user-1', '/surveys/create')).toBeNull();
  });

  it('does not come back for another account or another page', () => {
    keepDraft('user-1', '/surveys/create', draft());
    expect(readKeptDraft('user-2', '/surveys/create')).toBeNull();
    expect(readKeptDraft('user-1', '/surveys/abc/edit')).toBeNull();
  });

  it('is dropped after a day, and ignored when the storage holds something else', () => {
    vi.useFakeTimers();
    keepDraft('user-1', '/surveys/create', draft());
    vi.advanceTimersByTime(25 * 60 * 60_000);
    expect(readKeptDraft('user-1', '/surveys/create')).toBeNull();
    sessionStorage.setItem('quorum.keptSurveyDraft', '{not json');
    expect(readKeptDraft('user-1', '/surveys/create')).toBeNull();
    sessionStorage.setItem(
      'quorum.keptSurveyDraft',
      JSON.stringify({ userId: 'user-1', path: '/surveys/create', keptAt: Date.now(), draft: { title: 1 } }),
    );
    expect(readKeptDraft('user-1', '/surveys/create')).toBeNull();
  });

  it('completes a question kept by an earlier version of the editor, and ignores one whose new fields are malformed', () => {
    const old = {
      projectName: 'P',
      brandingImageUrl: '',
      title: 'T',
      questions: [{ text: 'Q', type: 'text', options: [] }],
    };
    const store = (kept: unknown) =>
      sessionStorage.setItem(
        'quorum.keptSurveyDraft',
        JSON.stringify({ userId: 'user-1', path: '/surveys/create', keptAt: Date.now(), draft: kept }),
      );
    store(old);
    expect(readKeptDraft('user-1', '/surveys/create')?.questions[0]).toMatchObject({
      required: true,
      description: '',
      logic: [],
      id: expect.stringMatching(/^q-/),
    });
    for (const bad of [
      { logic: [{ operator: 1 }] },
      { numberRange: { min: 1 } },
      { rows: [null] },
      { required: 'no' },
    ]) {
      store({ ...old, questions: [{ ...old.questions[0], ...bad }] });
      expect(readKeptDraft('user-1', '/surveys/create')).toBeNull();
    }
  });
});

describe('every edit, kept in this browser', () => {
  afterEach(() => {
    localStorage.clear();
    vi.useRealTimers();
  });

  const draft = () => ({
    ...emptyDraft(),
    title: 'Typed before the crash',
    hiddenFields: ['source'],
    welcome: { enabled: true, title: 'Hi', text: '', buttonLabel: '' },
  });

  it('comes back for the same account on the same page, settings and all, until forgotten', () => {
    keepEdit('user-1', '/surveys/s1/edit', draft());
    const back = readKeptEdit('user-1', '/surveys/s1/edit');
    expect(back?.draft).toMatchObject({ title: 'Typed before the crash', hiddenFields: ['source'] });
    expect(back?.draft.welcome.title).toBe('Hi');
    expect(readKeptEdit('user-2', '/surveys/s1/edit')).toBeNull();
    expect(readKeptEdit('user-1', '/surveys/create')).toBeNull();
    forgetKeptEdit('user-1', '/surveys/s1/edit');
    expect(readKeptEdit('user-1', '/surveys/s1/edit')).toBeNull();
  });

  it('survives the tab: it is in local storage, not session storage', () => {
    keepEdit('user-1', '/surveys/create', draft());
    sessionStorage.clear();
    expect(readKeptEdit('user-1', '/surveys/create')).not.toBeNull();
  });

  it('is dropped after a week', () => {
    vi.useFakeTimers();
    keepEdit('user-1', '/surveys/create', draft());
    vi.advanceTimersByTime(7 * 24 * 60 * 60_000 + 1);
    expect(readKeptEdit('user-1', '/surveys/create')).toBeNull();
  });

  it('gives a draft kept before the settings existed the default settings, and a broken setting its default', () => {
    const {
      opensAt: _o,
      closesAt: _c,
      responseLimit: _r,
      oneResponsePerBrowser: _b,
      hiddenFields: _h,
      ...old
    } = draft();
    localStorage.setItem(
      'quorum.editorDraft:user-1:/surveys/create',
      JSON.stringify({ keptAt: Date.now(), draft: { ...old, thankYou: { title: 3 } } }),
    );
    const back = readKeptEdit('user-1', '/surveys/create')?.draft;
    expect(back).toMatchObject({
      title: 'Typed before the crash',
      opensAt: '',
      responseLimit: '',
      oneResponsePerBrowser: false,
      hiddenFields: [],
      thankYou: { title: '', text: '', redirectUrl: '' },
    });
  });
});
