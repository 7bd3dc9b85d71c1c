import { describe, expect, it } from 'vitest';
import {
  defaultOrder,
  hasFilters,
  listQuery,
  readFilters,
  SORT_CHOICES,
  writeFilters,
  type DashboardFilters,
} from '@/features/dashboard/lib/list-params';
import { embedSnippet, fileNameFor } from '@/features/dashboard/lib/share';

const read = (query: string) => readFilters(new URLSearchParams(query));
const plain: DashboardFilters = { q: '', state: null, sort: 'created', order: 'desc' };

describe('the dashboard URL', () => {
  it('reads a plain address as newest first, everything shown', () => {
    expect(read('')).toEqual(plain);
    expect(hasFilters(plain)).toBe(false);
  });

  it('takes each sort with its default order: newest and most answered first, titles A to Z', () => {
    expect(read('sort=title')).toEqual({ ...plain, sort: 'title', order: 'asc' });
    expect(read('sort=responses')).toEqual({ ...plain, sort: 'responses', order: 'desc' });
    expect(defaultOrder('created')).toBe('desc');
  });

  it('falls back to the defaults for values it does not know, and never filters by deleted', () => {
    expect(read('sort=size&order=up&state=archived')).toEqual(plain);
    expect(read('state=deleted').state).toBeNull();
    expect(read('q=%20%20').q).toBe('');
    expect(read(`q=${'x'.repeat(300)}`).q).toHaveLength(200);
  });

  it('writes only what differs from the defaults, and reads back what it wrote', () => {
    expect(writeFilters(plain).toString()).toBe('');
    expect(writeFilters({ ...plain, sort: 'title', order: 'asc' }).toString()).toBe('sort=title');
    for (const choice of SORT_CHOICES) {
      const filters: DashboardFilters = { q: 'team pulse', state: 'paused', sort: choice.sort, order: choice.order };
      expect(read(writeFilters(filters).toString())).toEqual(filters);
      expect(hasFilters(filters)).toBe(true);
    }
  });

  it('offers every sort in both orders', () => {
    expect(SORT_CHOICES.map((c) => `${c.sort}:${c.order}`).sort()).toEqual([
      'created:asc',
      'created:desc',
      'responses:asc',
      'responses:desc',
      'title:asc',
      'title:desc',
    ]);
  });

  it('asks the server for a page with the sort and order always named', () => {
    expect(listQuery(plain, 50, 0)).toBe('sort=created&order=desc&limit=50');
    expect(new URLSearchParams(listQuery({ q: 'a&b', state: 'draft', sort: 'title', order: 'asc' }, 50, 100))).toEqual(
      new URLSearchParams({ sort: 'title', order: 'asc', limit: '50', offset: '100', q: 'a&b', state: 'draft' }),
    );
  });
});

describe('sharing', () => {
  it('embeds the survey in a full-width, borderless iframe titled for screen readers', () => {
    const snippet = embedSnippet('https://quorum.example/projects/p/surveys/s', 'Team pulse');
    expect(snippet).toBe(
      '<iframe src="https://quorum.example/projects/p/surveys/s" title="Team pulse" loading="lazy" ' +
        'style="width:100%;max-width:100%;height:640px;border:0"></iframe>',
    );
  });

  it('escapes the title and the address so the snippet stays one element', () => {
    const snippet = embedSnippet('https://q.example/s?a=1&b="2"', 'Say "hi" <b>&</b>');
    expect(snippet).toContain('src="https://q.example/s?a=1&amp;b=&quot;2&quot;"');
    expect(snippet).toContain('title="Say &quot;hi&quot; &lt;b&gt;&amp;&lt;/b&gt;"');
    const template = document.createElement('template');
    template.innerHTML = snippet;
    expect(template.content.children).toHaveLength(1);
    expect(template.content.querySelector('iframe')?.getAttribute('title')).toBe('Say "hi" <b>&</b>');
  });

  it('names the QR files after the survey, with a fallback for titles without letters or digits', () => {
    expect(fileNameFor('Café Feedback 2026!', 'svg')).toBe('cafe-feedback-2026-qr.svg');
    expect(fileNameFor('¿¿??', 'png')).toBe('survey-qr.png');
  });
});
