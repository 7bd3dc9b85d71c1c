import ExcelJS from 'exceljs';
import {
  FIVE_POINT_SCALE,
  NPS_OPTIONS,
  XLSX_STATISTICS_SHEET,
  type ExportLinkResponse,
  type Question,
} from '@quorum/contract';
import { describe, expect, it } from 'vitest';
import { createSurvey, createUser, question } from '@quorum/test-support/factories';
import { recordResponses } from '../src/projections';
import { TEST_DIALECT, request, useTestApp } from './helpers';
import { expectError } from './support/expect-error';

const day = question.multipleChoice('=Pick a day', ['Friday', 'Saturday'], 'x-day');
const liked = question.checkbox('Liked?', ['Food', 'Sound'], 'x-liked');
const notes = question.text('Comments', 'x-notes');
const score = question.rating('Score', FIVE_POINT_SCALE, 'x-score');
const nps: Question = { id: 'x-nps', text: 'Recommend?', type: 'nps', options: [...NPS_OPTIONS] };
const count: Question = { id: 'x-count', text: 'How many?', type: 'number', options: [] };
const QUESTIONS = [day, liked, notes, score, nps, count];

let fixtures = 0;

async function workbookOf(payload: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  return workbook;
}

describe(`results XLSX export (${TEST_DIALECT})`, () => {
  let offsetMs = 0;
  const t = useTestApp({}, { clock: { now: () => new Date(Date.now() + offsetMs) } });

  async function fixture() {
    fixtures += 1;
    const id = (n: number) => `0195${String(fixtures).padStart(4, '0')}-0000-7000-8000-00000000000${n}`;
    const owner = await createUser(t.ctx);
    const survey = await createSurvey(t.ctx, owner.id, {
      state: 'active',
      title: 'Café: "Résumé" 2026',
      questions: QUESTIONS,
      settings: { hiddenFields: ['source'] },
    });
    await recordResponses(t.ctx.db, survey.id, QUESTIONS, [
      {
        id: id(1),
        submittedAt: '2026-03-01T10:00:00.000Z',
        answers: {
          [day.id]: 'Friday',
          [liked.id]: ['Food', 'Sound'],
          [notes.id]: '=HYPERLINK("http://evil","x")',
          [score.id]: 5,
          [nps.id]: 10,
          [count.id]: '-2.5',
        },
        hiddenFields: { source: '@mail' },
      },
      {
        id: id(2),
        submittedAt: '2026-03-01T10:05:00.000Z',
        answers: { [day.id]: 'Saturday', [liked.id]: ['Sound'], [score.id]: 2, [nps.id]: 3, [count.id]: '007' },
      },
      {
        id: id(3),
        submittedAt: '2026-03-02T08:00:00.000Z',
        answers: {
          [day.id]: 'Friday',
          [liked.id]: ['Food'],
          [notes.id]: 'Bell \u0007 ringing',
          [score.id]: 4,
          [nps.id]: 8,
        },
        hiddenFields: { source: 'web' },
      },
    ]);
    return { owner, survey, id };
  }

  async function link(surveyId: string, token: string, body: unknown): Promise<ExportLinkResponse> {
    const res = await request(t.app, 'POST', `/api/surveys/${surveyId}/results/export-link`, { token, body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ExportLinkResponse>();
  }

  it('streams a workbook with the CSV columns as typed cells and a statistics sheet', async () => {
    const { owner, survey, id } = await fixture();
    const { url } = await link(survey.id, owner.token, { format: 'xlsx' });
    expect(url).toMatch(new RegExp(`^/api/surveys/${survey.id}/results\\.xlsx\\?token=[\\w-]+\\.[\\w-]+$`));
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Cafe Resume 2026.xlsx"; filename*=UTF-8''Caf%C3%A9%20R%C3%A9sum%C3%A9%202026.xlsx`,
    );

    const workbook = await workbookOf(res.rawPayload);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Responses', XLSX_STATISTICS_SHEET]);
    const sheet = workbook.getWorksheet('Responses')!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Response ID',
      'Submitted At',
      'Q1: =Pick a day',
      'Q2: Liked?',
      'Q3: Comments',
      'Q4: Score',
      'Q5: Recommend?',
      'Q6: How many?',
      'source',
    ]);
    expect(sheet.rowCount).toBe(4);
    const first = sheet.getRow(2);
    expect(first.getCell(1).value).toBe(id(1));
    // A real date cell, shown as a date.
    expect(first.getCell(2).type).toBe(ExcelJS.ValueType.Date);
    expect(first.getCell(2).value).toEqual(new Date('2026-03-01T10:00:00.000Z'));
    expect(first.getCell(2).numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect(first.getCell(4).value).toBe('Food; Sound');
    // Formula-looking text stays a text cell, never a formula, and needs no apostrophe.
    expect(first.getCell(5).type).toBe(ExcelJS.ValueType.String);
    expect(first.getCell(5).value).toBe('=HYPERLINK("http://evil","x")');
    expect(first.getCell(5).formula).toBeUndefined();
    for (const [column, value] of [
      [6, 5],
      [7, 10],
      [8, -2.5],
    ] as const) {
      expect(first.getCell(column).type, String(column)).toBe(ExcelJS.ValueType.Number);
      expect(first.getCell(column).value).toBe(value);
    }
    expect(first.getCell(9).value).toBe('@mail');
    const second = sheet.getRow(3);
    // Nothing is an empty cell; a number's text that is not its plain form stays text.
    expect(second.getCell(5).value).toBeNull();
    expect(second.getCell(8).value).toBe('007');
    // A character XML cannot carry is replaced, so the file still opens.
    expect(sheet.getRow(4).getCell(5).value).toBe('Bell \ufffd ringing');

    const stats = workbook.getWorksheet(XLSX_STATISTICS_SHEET)!;
    const rows = stats
      .getSheetValues()
      .slice(1)
      .map((row) => (row as unknown[]).slice(1));
    expect(rows[0]).toEqual(['Question', 'Answer', 'Count', 'Percentage']);
    expect(rows).toContainEqual(['Responses', undefined, 3]);
    expect(rows).toContainEqual(['Q1: =Pick a day', 'Friday', 2, 66.7]);
    expect(rows).toContainEqual(['Q4: Score', 'Average', 3.67]);
    expect(rows).toContainEqual(['Q5: Recommend?', 'NPS', 0]);
    expect(rows).toContainEqual(['Q6: How many?', 'Mean', 2.25]);
  });

  it('holds only the responses of the filter, in both files and both sheets', async () => {
    const { owner, survey, id } = await fixture();
    const filter = { from: '2026-03-01', filters: [{ questionId: day.id, operator: 'equals', value: 'Friday' }] };
    const xlsx = await link(survey.id, owner.token, { format: 'xlsx', ...filter });
    const params = new URL(xlsx.url, 'http://x').searchParams;
    expect(params.get('from')).toBe('2026-03-01T00:00:00.000Z');
    expect(JSON.parse(params.get('filters')!)).toEqual(filter.filters);
    const workbook = await workbookOf((await t.app.inject({ method: 'GET', url: xlsx.url })).rawPayload);
    const sheet = workbook.getWorksheet('Responses')!;
    expect([sheet.getRow(2).getCell(1).value, sheet.getRow(3).getCell(1).value]).toEqual([id(1), id(3)]);
    expect(sheet.rowCount).toBe(3);
    const stats = workbook.getWorksheet(XLSX_STATISTICS_SHEET)!.getSheetValues().slice(1);
    expect(stats.map((row) => (row as unknown[]).slice(1))).toContainEqual(['Q1: =Pick a day', 'Friday', 2, 100]);

    const csv = await link(survey.id, owner.token, { ...filter, filters: [{ hiddenField: 'source', value: 'web' }] });
    expect(csv.url).toContain('/results.csv?token=');
    const lines = (await t.app.inject({ method: 'GET', url: csv.url })).payload.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]!.startsWith(`${id(3)},`)).toBe(true);
  });

  it('refuses expired and foreign links and strangers, as the CSV does', async () => {
    const { owner, survey } = await fixture();
    const other = await fixture();
    const stranger = await createUser(t.ctx);
    const { url } = await link(survey.id, owner.token, { format: 'xlsx' });
    const token = new URL(url, 'http://x').searchParams.get('token')!;
    expectError(
      await t.app.inject({ method: 'GET', url: `/api/surveys/${other.survey.id}/results.xlsx?token=${token}` }),
      401,
      'EXPORT_LINK_EXPIRED',
    );
    expect((await request(t.app, 'GET', `/api/surveys/${survey.id}/results.xlsx`)).statusCode).toBe(401);
    expectError(
      await request(t.app, 'GET', `/api/surveys/${survey.id}/results.xlsx`, { token: stranger.token }),
      404,
      'SURVEY_NOT_FOUND',
    );
    offsetMs = 61_000;
    try {
      expectError(await t.app.inject({ method: 'GET', url }), 401, 'EXPORT_LINK_EXPIRED');
    } finally {
      offsetMs = 0;
    }
    expectError(
      await request(t.app, 'POST', `/api/surveys/${survey.id}/results/export-link`, {
        token: owner.token,
        body: { format: 'pdf' },
      }),
      400,
      'VALIDATION_FAILED',
    );
  });
});
