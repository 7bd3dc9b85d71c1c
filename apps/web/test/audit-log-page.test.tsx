import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AUDIT_PAGE_SIZE, type AuditLogEntry, type AuditPage } from '@quorum/contract';
import { paths } from '@/config/paths';
import { AuditLogPage } from '@/features/admin/components/audit-log-page';
import { makeUser, renderRoutes } from './support/render-shell';

const entry = (n: number, overrides: Partial<AuditLogEntry> = {}): AuditLogEntry => ({
  id: `0190aaaa-0000-7000-8000-${String(n).padStart(12, '0')}`,
  occurredAt: '2026-11-24T10:00:00.000Z',
  type: 'survey.deleted',
  actor: { id: 'user-1', role: 'user' },
  address: '203.0.113.7',
  target: { type: 'survey', id: `survey-${n}` },
  details: { title: `Survey ${n}` },
  actorLabel: 'Olga Owner <olga@example.com>',
  targetLabel: `Survey ${n}`,
  ...overrides,
});

/** Answers GET /api/admin/audit with `pages` in turn; records each query string. */
function stubAudit(pages: Array<AuditPage | { status: number; body: unknown }>) {
  const queries: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname !== '/api/admin/audit') throw new Error(`unexpected call ${url.pathname}`);
    queries.push(url.search);
    const next = pages.shift();
    if (!next) throw new Error('no more pages');
    return 'status' in next
      ? new Response(JSON.stringify(next.body), { status: next.status })
      : new Response(JSON.stringify(next), { status: 200 });
  });
  return queries;
}

const renderAudit = (search = '') =>
  renderRoutes([{ path: paths.admin.audit.path, Component: AuditLogPage }], {
    path: `${paths.admin.audit.getHref()}${search}`,
    user: makeUser('admin'),
  });

describe('audit log screen', () => {
  it('lists entries newest first with who, from where and what, and loads more', async () => {
    const first = Array.from({ length: AUDIT_PAGE_SIZE }, (_, i) => entry(100 - i));
    const queries = stubAudit([
      { entries: first, nextCursor: first.at(-1)!.id },
      {
        entries: [
          entry(1, {
            type: 'auth.login.failed',
            actor: null,
            actorLabel: null,
            target: { type: 'email', id: 'who@example.com' },
            targetLabel: null,
            details: { reason: 'password', minutes: 15 },
          }),
        ],
        nextCursor: null,
      },
    ]);
    const user = userEvent.setup();
    renderAudit();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(AUDIT_PAGE_SIZE + 1);
    expect(rows[1]).toHaveTextContent('Survey deleted');
    expect(rows[1]).toHaveTextContent('Olga Owner <olga@example.com>');
    expect(rows[1]).toHaveTextContent('203.0.113.7');
    expect(rows[1]).toHaveTextContent('Survey 100');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(table).findByText('Anonymous')).toBeVisible();
    expect(within(table).getByText('who@example.com')).toBeVisible();
    expect(within(table).getByText('reason: password · minutes: 15')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(queries).toEqual(['', `?cursor=${first.at(-1)!.id}`]);
  });

  it('keeps the filter in the address and sends it to the server', async () => {
    const queries = stubAudit([
      { entries: [entry(1)], nextCursor: null },
      { entries: [], nextCursor: null },
    ]);
    const user = userEvent.setup();
    const { router } = renderAudit('?from=2026-11-01');
    await screen.findByRole('table');
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-01');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Event' }), 'account.deleted');
    expect(await screen.findByText('No entries match')).toBeVisible();
    expect(router.state.location.search).toBe('?type=account.deleted&from=2026-11-01');
    const sent = new URLSearchParams(queries[1]);
    expect(sent.getAll('type')).toEqual(['account.deleted']);
    expect(sent.get('from')).toBe(new Date(2026, 10, 1).toISOString());
  });

  it('says when the range is reversed, without asking the server', async () => {
    const queries = stubAudit([]);
    renderAudit('?from=2026-11-10&to=2026-11-01');
    expect(await screen.findByText('To must not be before From')).toBeVisible();
    expect(queries).toEqual([]);
  });

  it('shows a load failure with a way to try again', async () => {
    stubAudit([
      { status: 500, body: { message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' } },
      { entries: [], nextCursor: null },
    ]);
    const user = userEvent.setup();
    renderAudit();
    expect(await screen.findByText('The audit log could not be loaded')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No entries yet')).toBeVisible();
  });
});
