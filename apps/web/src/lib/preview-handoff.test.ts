import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicSurvey } from '@quorum/contract';
import { openPreview, previewHref, takePreviewDraft } from './preview-handoff';
import { makePublicSurvey } from '@test/support/surveys';

const draft: PublicSurvey = makePublicSurvey({
  title: 'Unsaved title',
  questions: [{ id: 'q', text: 'Q?', type: 'text', options: [] }],
});

afterEach(() => sessionStorage.clear());

describe('the preview handoff', () => {
  it('opens the preview in a new tab with the draft under a random token', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    expect(openPreview(draft, 's 1')).toBe(true);
    expect(open).toHaveBeenCalledTimes(1);
    const [href, target, features] = open.mock.calls[0]!;
    expect(target).toBe('_blank');
    expect(features).toBe('noopener');
    const url = new URL(String(href), 'https://quorum.test');
    expect(url.pathname).toBe('/surveys/s%201/preview');
    const token = url.searchParams.get('draft')!;
    expect(token).toMatch(/^[a-f0-9]{24}$/);
    expect(JSON.parse(localStorage.getItem(`quorum:preview:${token}`)!)).toEqual(draft);
  });

  it('previews a survey never saved as "new"', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    openPreview(draft);
    expect(String(open.mock.calls[0]![0])).toMatch(/^\/surveys\/new\/preview\?draft=[a-f0-9]{24}$/);
    expect(previewHref('abc')).toBe('/surveys/abc/preview');
  });

  it('says false, and opens nothing, when the browser refuses to keep the draft', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(openPreview(draft, 's1')).toBe(false);
    expect(open).not.toHaveBeenCalled();
  });

  it('the preview tab moves the draft into its own session: a reload still has it, localStorage does not', () => {
    localStorage.setItem('quorum:preview:t1', JSON.stringify(draft));
    expect(takePreviewDraft('t1')).toEqual(draft);
    expect(localStorage.getItem('quorum:preview:t1')).toBeNull();
    expect(takePreviewDraft('t1')).toEqual(draft);
    expect(takePreviewDraft('unknown')).toBeNull();
  });

  it('refuses a draft that is not a public survey', () => {
    localStorage.setItem('quorum:preview:bad', JSON.stringify({ title: 'x' }));
    expect(takePreviewDraft('bad')).toBeNull();
    localStorage.setItem('quorum:preview:worse', '{nope');
    expect(takePreviewDraft('worse')).toBeNull();
  });
});
