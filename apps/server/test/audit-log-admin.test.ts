import { describe, expect, it } from 'vitest';
import {
  AUDIT_CSV_COLUMNS,
  AUDIT_PAGE_SIZE,
  auditPageSchema,
  type AuditPage,
  type ExportLinkResponse,
} from '@quorum/contract';
import { createAdmin, createSurvey, createUser } from '@quorum/test-support/factories';
import { loadConfig } from '../src/config';
import { auditActor } from '../src/lib/audit';
import { pruneAuditLog } from '../src/modules/audit/audit-sweep';
import { TEST_DIALECT, manualClock, request, useTestApp } from './helpers';
import { expectError } from './support/expect-error';

const clock = manualClock('2026-06-01T08:00:00.000Z');

describe(`audit log, administrators' side (${TEST_DIALECT})`, () => {
  const t = useTestApp({}, { clock });

  const page = (token: string | undefined, query = '') => request(t.app, 'GET', `/api/admin/audit${query}`, { token });

  it('records deleting and restoring a survey, with who did it, from where, and the title', async () => {
    const owner = await createUser(t.ctx, { name: 'Olga Owner' });
    const admin = await createAdmin(t.ctx, { name: 'Ada Admin' });
    const survey = await createSurvey(t.ctx, owner.id, { title: 'Team lunch', state: 'closed' });

    const deleted = await request(t.app, 'PATCH', `/api/surveys/${survey.id}/state`, {
      token: owner.token,
      body: { state: 'deleted' },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const restored = await request(t.app, 'PATCH', `/api/surveys/${survey.id}/state`, {
      token: admin.token,
      body: { state: 'draft' },
    });
    expect(restored.statusCode, restored.body).toBe(200);
    // Other state changes are not security events.
    await request(t.app, 'PATCH', `/api/surveys/${survey.id}/state`, { token: owner.token, body: { state: 'active' } });

    const res = await page(admin.token, '?type=survey.deleted&type=survey.restored');
    expect(res.statusCode, res.body).toBe(200);
    const body = auditPageSchema.parse(res.json());
    const mine = body.entries.filter((e) => e.target?.id === survey.id);
    expect(mine.map((e) => e.type)).toEqual(['survey.restored', 'survey.deleted']);
    expect(mine[1]).toMatchObject({
      actor: { id: owner.id, role: 'user' },
      actorLabel: `Olga Owner <${owner.email}>`,
      address: '127.0.0.1',
      target: { type: 'survey', id: survey.id },
      targetLabel: 'Team lunch',
      details: { title: 'Team lunch' },
    });
    expect(mine[0]).toMatchObject({
      actor: { id: admin.id, role: 'admin' },
      actorLabel: `Ada Admin <${admin.email}>`,
    });
  });

  it("records an administrator opening a survey's results at most once per 10 minutes, and never the owner", async () => {
    const owner = await createUser(t.ctx);
    const admin = await createAdmin(t.ctx);
    const other = await createAdmin(t.ctx);
    const survey = await createSurvey(t.ctx, owner.id, { title: 'Watched', state: 'active' });
    const viewed = async () =>
      (
        await t.ctx.db.kysely
          .selectFrom('audit_log')
          .select(['actor_id', 'occurred_at'])
          .where('type', '=', 'admin.results.viewed')
          .where('target_id', '=', survey.id)
          .orderBy('id')
          .execute()
      ).map((r) => r.actor_id);
    const open = async (token: string) =>
      expect((await request(t.app, 'GET', `/api/surveys/${survey.id}/results`, { token })).statusCode).toBe(200);

    await open(owner.token);
    expect(await viewed()).toEqual([]);
    await open(admin.token);
    await open(admin.token);
    clock.advanceMinutes(9);
    await open(admin.token);
    expect(await viewed()).toEqual([admin.id]);
    await open(other.token);
    expect(await viewed()).toEqual([admin.id, other.id]);
    clock.advanceMinutes(2);
    await open(admin.token);
    expect(await viewed()).toEqual([admin.id, other.id, admin.id]);
    // Pages of responses and the CSV follow an opening; they are not recorded apart.
    await request(t.app, 'GET', `/api/surveys/${survey.id}/responses`, { token: admin.token });
    expect(await viewed()).toHaveLength(3);
  });

  it('pages newest first by an opaque cursor, 50 at a time, without gaps or repeats', async () => {
    const admin = await createAdmin(t.ctx);
    const actor = auditActor({ id: 'u-paging', type: 'user' });
    const total = AUDIT_PAGE_SIZE * 2 + 7;
    for (let i = 0; i < total; i++) {
      await t.ctx.audit.record({ type: 'auth.logout', actor, address: '198.51.100.1', details: { n: i } });
    }
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await page(admin.token, `?type=auth.logout${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      const body: AuditPage = res.json();
      pages += 1;
      expect(body.entries.length).toBe(pages < 3 ? AUDIT_PAGE_SIZE : 7);
      seen.push(...body.entries.map((e) => Number(e.details.n)));
      for (const e of body.entries) expect(e.actorLabel).toBeNull(); // no such account
      cursor = body.nextCursor;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(Array.from({ length: total }, (_, i) => total - 1 - i));
  });

  it('filters by one or several types and by a time range', async () => {
    const admin = await createAdmin(t.ctx);
    clock.advanceMinutes(60 * 24 * 10); // a day of its own: 2026-06-11
    const day = clock.now().toISOString().slice(0, 10);
    await t.ctx.audit.record({
      type: 'auth.login.failed',
      actor: null,
      address: '203.0.113.9',
      target: { type: 'email', id: 'x@example.com' },
    });
    clock.advanceMinutes(60);
    await t.ctx.audit.record({ type: 'auth.locked', actor: null, address: '203.0.113.9' });
    clock.advanceMinutes(60 * 24);
    await t.ctx.audit.record({ type: 'auth.login.failed', actor: null, address: '203.0.113.10' });

    const types = async (query: string) => {
      const res = await page(admin.token, query);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as AuditPage).entries.map((e) => `${e.type}@${e.address}`);
    };
    const dayAfter = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect(await types(`?from=${day}&to=${dayAfter}`)).toEqual([
      'auth.locked@203.0.113.9',
      'auth.login.failed@203.0.113.9',
    ]);
    expect(await types(`?type=auth.login.failed&from=${day}`)).toEqual([
      'auth.login.failed@203.0.113.10',
      'auth.login.failed@203.0.113.9',
    ]);
    expect(await types(`?type=auth.locked,auth.login.failed&from=${day}T00:30:00%2B00:00`)).toHaveLength(3);
    expect(await types(`?type=auth.locked&type=auth.login.failed&from=${dayAfter}`)).toEqual([
      'auth.login.failed@203.0.113.10',
    ]);
    expect(await types(`?type=auth.2fa.enabled&from=${day}`)).toEqual([]);

    for (const bad of [
      '?type=auth.nope',
      '?from=yesterday',
      '?from=2026-13-01',
      `?from=${dayAfter}&to=${day}`,
      '?cursor=<x>',
    ]) {
      expectError(await page(admin.token, bad), 400, 'VALIDATION_FAILED', undefined, bad);
    }
  });

  it('is for administrators only: users and anonymous callers get 401', async () => {
    const user = await createUser(t.ctx);
    expectError(await page(undefined), 401, 'UNAUTHORIZED');
    expect((await page(user.token)).statusCode).toBe(401);
    expect((await request(t.app, 'POST', '/api/admin/audit/export-link', { token: user.token })).statusCode).toBe(401);
    expect((await request(t.app, 'GET', '/api/admin/audit/export.csv', { token: user.token })).statusCode).toBe(401);
    expect((await request(t.app, 'GET', '/api/admin/audit/export.csv')).statusCode).toBe(401);
  });

  it('entries cannot be changed or deleted through the API', async () => {
    const admin = await createAdmin(t.ctx);
    await t.ctx.audit.record({
      type: 'auth.logout',
      actor: auditActor({ id: admin.id, type: 'admin' }),
      address: '192.0.2.1',
    });
    const before = await t.ctx.db.kysely.selectFrom('audit_log').selectAll().orderBy('id').execute();
    const id = before.at(-1)!.id;
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      for (const url of ['/api/admin/audit', `/api/admin/audit/${id}`]) {
        const res = await request(t.app, method, url, { token: admin.token, body: { type: 'auth.login.succeeded' } });
        expect([404, 405], `${method} ${url}`).toContain(res.statusCode);
      }
    }
    expect(await t.ctx.db.kysely.selectFrom('audit_log').selectAll().orderBy('id').execute()).toEqual(before);
  });

  it('downloads the same filter as CSV through a short-lived signed link, formulas made inert', async () => {
    const owner = await createUser(t.ctx, { name: '=HYPERLINK("x")' });
    const admin = await createAdmin(t.ctx);
    const survey = await createSurvey(t.ctx, owner.id, { title: '+SUM(A1)', state: 'draft' });
    await request(t.app, 'PATCH', `/api/surveys/${survey.id}/state`, {
      token: owner.token,
      body: { state: 'deleted' },
    });

    const link = await request(t.app, 'POST', '/api/admin/audit/export-link?type=survey.deleted', {
      token: admin.token,
    });
    expect(link.statusCode, link.body).toBe(200);
    const { url } = link.json<ExportLinkResponse>();
    expect(url).toMatch(/^\/api\/admin\/audit\/export\.csv\?type=survey\.deleted&token=/);

    const res = await request(t.app, 'GET', url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="quorum-audit-log-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(lines[0]).toBe(AUDIT_CSV_COLUMNS.join(','));
    const api = (await page(admin.token, '?type=survey.deleted')).json<AuditPage>();
    expect(lines).toHaveLength(api.entries.length + 1);
    const row = lines.find((line) => line.includes(survey.id))!;
    expect(row).toContain(
      `,survey.deleted,user,${owner.id},"'=HYPERLINK(""x"") <${owner.email}>",127.0.0.1,survey,${survey.id},'+SUM(A1),`,
    );
    expect(row).toContain(`"{""title"":""+SUM(A1)""}"`);
    expect(lines.every((line) => line.includes('survey.deleted') || line === lines[0])).toBe(true);

    // An administrator's bearer token works too; the link expires after a minute.
    expect((await request(t.app, 'GET', '/api/admin/audit/export.csv', { token: admin.token })).statusCode).toBe(200);
    clock.advanceMinutes(2);
    expectError(await request(t.app, 'GET', url), 401, 'EXPORT_LINK_EXPIRED');

    // A results download link does not open the audit log.
    const results = await request(t.app, 'POST', `/api/surveys/${survey.id}/results/export-link`, {
      token: admin.token,
    });
    const token = new URL(results.json<ExportLinkResponse>().url, 'http://x').searchParams.get('token')!;
    expectError(await request(t.app, 'GET', `/api/admin/audit/export.csv?token=${token}`), 401, 'EXPORT_LINK_EXPIRED');
  });

  it('prunes entries older than AUDIT_RETENTION_DAYS (365 unless set)', async () => {
    expect(loadConfig({}).auditRetentionDays).toBe(365);
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '30' }).auditRetentionDays).toBe(30);
    expect(() => loadConfig({ AUDIT_RETENTION_DAYS: '0' })).toThrow(/AUDIT_RETENTION_DAYS/);

    await t.ctx.db.kysely.deleteFrom('audit_log').execute();
    await t.ctx.audit.record({ type: 'auth.logout', actor: null, address: null, details: { which: 'old' } });
    clock.advanceMinutes(60 * 24 * 2);
    await t.ctx.audit.record({ type: 'auth.logout', actor: null, address: null, details: { which: 'newer' } });
    clock.advanceMinutes(60 * 24 * 364);
    // 366 days after the first, 364 after the second.
    expect(await pruneAuditLog(t.ctx)).toBe(1);
    expect(await pruneAuditLog(t.ctx)).toBe(0);
    const left = await t.ctx.db.kysely.selectFrom('audit_log').select('details').execute();
    expect(left.map((r) => JSON.parse(r.details))).toEqual([{ which: 'newer' }]);
    expect(await pruneAuditLog({ ...t.ctx, config: { ...t.ctx.config, auditRetentionDays: 10 } })).toBe(1);
  });
});
