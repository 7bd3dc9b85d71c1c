import type { ExportLinkResponse } from '@quorum/contract';
import { FIVE_POINT_SCALE } from '@quorum/contract';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD, createAdmin, createSurvey, createUser, question } from '@quorum/test-support/factories';
import { newId } from '../src/lib/ids';
import { recordResponses } from '../src/projections';
import { createCsvExportStream } from '../src/modules/results/results.csv';
import { TEST_DIALECT, request, useTestApp } from './helpers';
import { expectError } from './support/expect-error';

const qa = question.multipleChoice('=Pick one, please', ['Yes, "really"', 'Non'], 'qa');
const qe = question.text('Old question', 'qe');
const qb = question.checkbox('Which "parts"?', ['Crème', '@home', 'A,B'], 'qb');
const qc = question.text('Comments', 'qc');
const qd = question.rating('Score', FIVE_POINT_SCALE, 'qd');

let fixtures = 0;
/** Response ids of one fixture: fixed, time-ordered, unique per fixture. */
const idsOf = (fixture: number) => (n: number) =>
  `0190${String(fixture).padStart(4, '0')}-0000-7000-8000-00000000000${n}`;

/** The expected file, byte for byte: BOM, CRLF records, RFC 4180 quoting, inert formulas, deleted column last. */
const expected = (id: (n: number) => string) =>
  '\uFEFF' +
  'Response ID,Submitted At,"Q1: =Pick one, please","Q2: Which ""parts""?",Q3: Comments,Q4: Score,Q5: Old question (deleted)\r\n' +
  `${id(1)},2026-03-01T10:00:00.000Z,"Yes, ""really""","Crème; A,B","Ligne un\nLigne deux, été",5,kept\r\n` +
  `${id(2)},2026-03-01T10:05:00.000Z,Non,'@home,"'=HYPERLINK(""http://evil"",""x"")",1,\r\n` +
  `${id(3)},2026-03-01T10:10:00.000Z,Non,"Crème; '@home; A,B",'-5 degrees; '+cold,3,'\tTabbed\r\n`;

describe(`results CSV export (${TEST_DIALECT})`, () => {
  let offsetMs = 0;
  const t = useTestApp({}, { clock: { now: () => new Date(Date.now() + offsetMs) } });

  async function fixture(ownerId: string, title = 'Café "Résumé", 2026') {
    fixtures += 1;
    const id = idsOf(fixtures);
    const survey = await createSurvey(t.ctx, ownerId, { state: 'active', title, questions: [qa, qe, qb, qc, qd] });
    await recordResponses(
      t.ctx.db,
      survey.id,
      [qa, qe, qb, qc, qd],
      [
        {
          id: id(1),
          submittedAt: '2026-03-01T10:00:00.000Z',
          answers: { qa: 'Yes, "really"', qe: 'kept', qb: ['Crème', 'A,B'], qc: 'Ligne un\nLigne deux, été', qd: 5 },
        },
        {
          id: id(2),
          submittedAt: '2026-03-01T10:05:00.000Z',
          answers: { qa: 'Non', qb: ['@home'], qc: '=HYPERLINK("http://evil","x")', qd: 1 },
        },
        {
          id: id(3),
          submittedAt: '2026-03-01T10:10:00.000Z',
          answers: { qa: 'Non', qe: '\tTabbed', qb: ['Crème', '@home', 'A,B'], qc: '-5 degrees; +cold', qd: 3 },
        },
      ],
    );
    await t.ctx.db.kysely
      .updateTable('questions')
      .set({ is_deleted: 1 })
      .where('survey_id', '=', survey.id)
      .where('id', '=', 'qe')
      .execute();
    return { ...survey, csv: expected(id) };
  }

  async function link(surveyId: string, token: string): Promise<ExportLinkResponse> {
    const res = await request(t.app, 'POST', `/api/surveys/${surveyId}/results/export-link`, { token });
    expect(res.statusCode).toBe(200);
    return res.json<ExportLinkResponse>();
  }

  it('refuses a link made with an API key once the key is revoked, and keeps a session link working', async () => {
    const owner = await createUser(t.ctx);
    const survey = await fixture(owner.id);
    const made = await request(t.app, 'POST', '/api/user/api-keys', {
      token: owner.token,
      body: { name: 'Exports', scopes: ['responses:read'], password: DEFAULT_PASSWORD },
    });
    expect(made.statusCode, made.body).toBe(201);
    const key = made.json<{ id: string; key: string }>();
    const withKey = await link(survey.id, key.key);
    const withSession = await link(survey.id, owner.token);
    expect((await request(t.app, 'GET', withKey.url)).statusCode).toBe(200);

    const revoked = await request(t.app, 'DELETE', `/api/user/api-keys/${key.id}`, { token: owner.token });
    expect(revoked.statusCode).toBe(204);
    expectError(await request(t.app, 'GET', withKey.url), 401, 'EXPORT_LINK_KEY_REVOKED');
    expectError(
      await request(t.app, 'GET', withKey.url.replace('results.csv', 'results.xlsx')),
      401,
      'EXPORT_LINK_KEY_REVOKED',
    );
    expect((await request(t.app, 'GET', withSession.url)).body).toBe(survey.csv);
  });

  it('downloads the CSV byte for byte through a short-lived signed link', async () => {
    const owner = await createUser(t.ctx);
    const survey = await fixture(owner.id);
    const before = Date.now();
    const { url, expiresAt } = await link(survey.id, owner.token);
    expect(url).toMatch(new RegExp(`^/api/surveys/${survey.id}/results\\.csv\\?token=[\\w-]+\\.[\\w-]+$`));
    const lifetime = new Date(expiresAt).getTime() - before;
    expect(lifetime).toBeGreaterThan(55_000);
    expect(lifetime).toBeLessThanOrEqual(61_000);

    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Cafe Resume, 2026.csv"; filename*=UTF-8''Caf%C3%A9%20R%C3%A9sum%C3%A9%2C%202026.csv`,
    );
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(res.rawPayload.toString('utf8')).toBe(survey.csv);
  });

  it('lets an administrator export any survey, and accepts a bearer header instead of a link', async () => {
    const owner = await createUser(t.ctx);
    const admin = await createAdmin(t.ctx);
    const survey = await fixture(owner.id);
    const { url } = await link(survey.id, admin.token);
    expect((await t.app.inject({ method: 'GET', url })).payload).toBe(survey.csv);
    const direct = await request(t.app, 'GET', `/api/surveys/${survey.id}/results.csv`, { token: owner.token });
    expect(direct.statusCode).toBe(200);
    expect(direct.payload).toBe(survey.csv);
  });

  it('refuses expired, tampered, foreign and outdated links, and strangers', async () => {
    const owner = await createUser(t.ctx);
    const stranger = await createUser(t.ctx);
    const survey = await fixture(owner.id);
    const other = await fixture(owner.id);

    expect((await request(t.app, 'POST', `/api/surveys/${survey.id}/results/export-link`)).statusCode).toBe(401);
    const foreign = await request(t.app, 'POST', `/api/surveys/${survey.id}/results/export-link`, {
      token: stranger.token,
    });
    expectError(foreign, 404, 'SURVEY_NOT_FOUND', { message: 'Survey not found' });
    expect((await request(t.app, 'GET', `/api/surveys/${survey.id}/results.csv`)).statusCode).toBe(401);
    expect(
      (await request(t.app, 'GET', `/api/surveys/${survey.id}/results.csv`, { token: stranger.token })).statusCode,
    ).toBe(404);

    const { url } = await link(survey.id, owner.token);
    const token = new URL(url, 'http://x').searchParams.get('token')!;
    const [payload, signature] = token.split('.');
    const refused = async (path: string) => {
      const res = await t.app.inject({ method: 'GET', url: path });
      expectError(
        res,
        401,
        'EXPORT_LINK_EXPIRED',
        { message: 'This download link has expired or is not valid. Please download again from the results page.' },
        path,
      );
    };
    // Bound to its survey.
    await refused(`/api/surveys/${other.id}/results.csv?token=${token}`);
    // Any change to payload or signature breaks it.
    const forged = Buffer.from(
      JSON.stringify(
        JSON.parse(Buffer.from(payload!, 'base64url').toString()).map((v: unknown, i: number) =>
          i === 0 ? other.id : v,
        ),
      ),
    ).toString('base64url');
    await refused(`/api/surveys/${other.id}/results.csv?token=${forged}.${signature}`);
    // A character in the middle: every one of its bits is signature (the last one's low bits are only padding).
    const tampered = `${signature!.slice(0, 10)}${signature![10] === 'A' ? 'B' : 'A'}${signature!.slice(11)}`;
    await refused(`/api/surveys/${survey.id}/results.csv?token=${payload}.${tampered}`);
    await refused(`/api/surveys/${survey.id}/results.csv?token=garbage`);
    // Sixty seconds later it has expired.
    offsetMs = 61_000;
    try {
      await refused(url);
    } finally {
      offsetMs = 0;
    }
    // A password change (token version bump) ends links made before it.
    const fresh = await link(survey.id, owner.token);
    await t.ctx.db.kysely.updateTable('users').set({ token_version: 1 }).where('id', '=', owner.id).execute();
    await refused(fresh.url);
  });

  it('reads in pages, oldest first, and leaves out responses stored after the export started', async () => {
    const owner = await createUser(t.ctx);
    const survey = await createSurvey(t.ctx, owner.id, { state: 'active', questions: [qa] });
    const items = Array.from({ length: 2345 }, (_, i) => ({
      id: newId(),
      submittedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
      answers: { qa: i % 2 ? 'Non' : 'Yes, "really"' },
    }));
    await recordResponses(t.ctx.db, survey.id, [qa], items);
    const stream = await createCsvExportStream(t.ctx.db.kysely, survey.id);
    await recordResponses(
      t.ctx.db,
      survey.id,
      [qa],
      [{ id: newId(), submittedAt: new Date().toISOString(), answers: { qa: 'Non' } }],
    );
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const lines = Buffer.concat(chunks).toString('utf8').split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines).toHaveLength(1 + 2345 + 1);
    expect(lines.slice(1, -1).map((line) => line.split(',')[0])).toEqual(items.map((i) => i.id));
    // Several reads of 1,000 rows each made one stream.
    expect(chunks.length).toBeGreaterThanOrEqual(4);
  });

  it('makes every element of a cell inert, in answers and header cells alike', async () => {
    const owner = await createUser(t.ctx);
    const pick = question.checkbox('Pick; =1+1', ['ok', '=HYPERLINK("http://evil","x")', '-2'], 'pick');
    const note = question.text('Note', 'note');
    const survey = await createSurvey(t.ctx, owner.id, { state: 'active', questions: [pick, note] });
    const id = '01900000-0000-7000-8000-0000000000aa';
    await recordResponses(
      t.ctx.db,
      survey.id,
      [pick, note],
      [
        {
          id,
          submittedAt: '2026-03-01T10:00:00.000Z',
          answers: { pick: ['ok', '=HYPERLINK("http://evil","x")', '-2'], note: 'fine\t@SUM(A1)' },
        },
      ],
    );
    const res = await request(t.app, 'GET', `/api/surveys/${survey.id}/results.csv`, { token: owner.token });
    expect(res.statusCode).toBe(200);
    expect(res.payload).toBe(
      "\uFEFFResponse ID,Submitted At,Q1: Pick; '=1+1,Q2: Note\r\n" +
        `${id},2026-03-01T10:00:00.000Z,"ok; '=HYPERLINK(""http://evil"",""x""); '-2",fine\t'@SUM(A1)\r\n`,
    );
  });

  it('gives a survey without responses just the header, and non-ASCII titles a UTF-8 file name', async () => {
    const owner = await createUser(t.ctx);
    const survey = await createSurvey(t.ctx, owner.id, { title: 'Опрос: кофе ☕', questions: [qc] });
    const res = await request(t.app, 'GET', `/api/surveys/${survey.id}/results.csv`, { token: owner.token });
    expect(res.payload).toBe('\uFEFFResponse ID,Submitted At,Q1: Comments\r\n');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="_____ ____ _.csv"; filename*=UTF-8''${encodeURIComponent('Опрос кофе ☕.csv')}`,
    );
  });
});
