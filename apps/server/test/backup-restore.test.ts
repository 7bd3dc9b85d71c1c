import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIVE_POINT_SCALE } from '@quorum/contract';
import { createSurvey, createUser, question, type CreatedSurvey } from '@quorum/test-support/factories';
import { backupSqlite, pgDumpCommand, restoreSqlite, sqliteBackupProblem, BackupRefusedError } from '../src/db/backup';
import { openDatabase } from '../src/db/database';
import { createTestApp, type TestApp } from './helpers';
import { counterProblems, runEntry } from './support/data-checks';

// Backups are of SQLite files, so this suite runs on SQLite whichever database the others use.
describe('backup and restore of a live SQLite database', () => {
  let dir: string;
  let t: TestApp;
  let survey: CreatedSurvey;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'quorum-backup-'));
    t = await createTestApp(
      { submitRateLimit: 1_000_000 },
      { database: { kind: 'sqlite', file: path.join(dir, 'live', 'quorum.db') } },
    );
    const owner = await createUser(t.ctx);
    survey = await createSurvey(t.ctx, owner.id, {
      state: 'active',
      questions: [
        question.multipleChoice('Day?', ['Fri', 'Sat', 'Sun']),
        question.checkbox('Enjoyed?', ['Food', 'Sound', 'Staff']),
        question.text('Else?'),
        question.rating('Overall?', FIVE_POINT_SCALE),
      ],
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  function submit(i: number) {
    const [mc, cb, tx, rt] = survey.questions;
    return t.app.inject({
      method: 'POST',
      url: `/api/surveys/${survey.id}/responses`,
      payload: {
        answers: [
          { questionId: mc!.id, answer: mc!.options[i % 3] },
          { questionId: cb!.id, answer: cb!.options.filter((_, k) => ((i % 7) + 1) & (1 << k)) },
          { questionId: tx!.id, answer: `note ${i}` },
          { questionId: rt!.id, answer: 1 + (i % 5) },
        ],
      },
    });
  }

  it('copies the database consistently while submissions arrive, and restores it into an empty folder', async () => {
    let sent = 0;
    let accepted = 0;
    let running = true;
    const writers = Array.from({ length: 8 }, async () => {
      while (running) {
        const res = await submit(sent++);
        if (res.statusCode === 201) accepted += 1;
        else throw new Error(`submission refused: ${res.statusCode} ${res.body}`);
      }
    });
    // Backups taken while the writers run.
    const backups: string[] = [];
    for (let n = 0; n < 3; n += 1) {
      await new Promise((r) => setTimeout(r, 150));
      const file = path.join(dir, `backup-${n}.db`);
      await backupSqlite(path.join(dir, 'live', 'quorum.db'), file);
      backups.push(file);
    }
    running = false;
    await Promise.all(writers);
    expect(accepted).toBeGreaterThan(20);

    let previous = 0;
    for (const [n, file] of backups.entries()) {
      expect(sqliteBackupProblem(file)).toBeNull();
      const target = path.join(dir, `restored-${n}`, 'quorum.db');
      restoreSqlite(file, target);
      const copy = openDatabase({ kind: 'sqlite', file: target });
      try {
        const { response_count } = await copy.kysely
          .selectFrom('surveys')
          .select('response_count')
          .where('id', '=', survey.id)
          .executeTakeFirstOrThrow();
        // Every counted response is in the copy, and every response in it is counted, in every counter.
        expect(await counterProblems(copy)).toEqual([]);
        expect(response_count).toBeGreaterThanOrEqual(previous);
        expect(response_count).toBeLessThanOrEqual(accepted);
        previous = response_count;
      } finally {
        await copy.close();
      }
    }
    expect(previous).toBeGreaterThan(0);

    // A restored folder starts a working server with the data in it.
    const restored = await createTestApp(
      {},
      { database: { kind: 'sqlite', file: path.join(dir, 'restored-2', 'quorum.db') } },
    );
    try {
      const row = await restored.ctx.db.kysely.selectFrom('surveys').select('response_count').executeTakeFirstOrThrow();
      expect(row.response_count).toBe(previous);
    } finally {
      await restored.app.close();
    }
  });

  it('refuses to overwrite an existing backup file unless forced', async () => {
    const file = path.join(dir, 'twice.db');
    await backupSqlite(path.join(dir, 'live', 'quorum.db'), file);
    await expect(backupSqlite(path.join(dir, 'live', 'quorum.db'), file)).rejects.toThrow(/already exists.*--force/);
    await expect(backupSqlite(path.join(dir, 'live', 'quorum.db'), file, { force: true })).resolves.toMatchObject({
      file,
    });
  });

  it('refuses to restore over a database, or a file that is not a Quorum database', async () => {
    const backup = path.join(dir, 'twice.db');
    expect(() => restoreSqlite(backup, path.join(dir, 'live', 'quorum.db'))).toThrow(BackupRefusedError);
    expect(() => restoreSqlite(backup, path.join(dir, 'live', 'quorum.db'))).toThrow(/already holds a database/);

    const junk = path.join(dir, 'junk.db');
    writeFileSync(junk, 'not a database at all, just some text '.repeat(200));
    expect(() => restoreSqlite(junk, path.join(dir, 'junk-target', 'quorum.db'))).toThrow(
      /not a Quorum database backup/,
    );
    expect(existsSync(path.join(dir, 'junk-target', 'quorum.db'))).toBe(false);

    const foreign = openDatabase({ kind: 'sqlite', file: path.join(dir, 'foreign.db') });
    await foreign.kysely.schema.createTable('notes').addColumn('id', 'text').execute();
    await foreign.close();
    expect(sqliteBackupProblem(path.join(dir, 'foreign.db'))).toMatch(/no Quorum migrations table/);
  });

  it('prints the pg_dump command for PostgreSQL without the password', () => {
    const command = pgDumpCommand('postgres://quorum:s3cret@db.example:5432/quorum?sslmode=require', '/backups/q.dump');
    expect(command).toBe(
      "pg_dump --format=custom --no-owner --file=/backups/q.dump 'postgres://quorum@db.example:5432/quorum?sslmode=require'",
    );
    expect(command).not.toContain('s3cret');
  });

  it('runs as commands: backup, a refused second backup, restore, a refused restore; pg_dump on PostgreSQL', async () => {
    const env = { DATA_DIR: path.join(dir, 'live'), DATABASE_URL: '', JWT_SECRET: '', LOG_LEVEL: 'silent' };
    const file = path.join(dir, 'cli-backup.db');
    // The command runs in its own process while this one keeps writing to the database.
    let running = true;
    let n = 0;
    const writer = (async () => {
      while (running) expect((await submit(n++)).statusCode).toBe(201);
    })();
    const first = await runEntry('cli/backup', [file], env);
    running = false;
    await writer;
    expect(first).toMatchObject({ code: 0 });
    expect(first.stdout).toMatch(/^Backed up .*cli-backup\.db/);
    expect(first.stdout).toContain('Not in the backup: ');
    const copy = openDatabase({ kind: 'sqlite', file });
    try {
      expect(await counterProblems(copy)).toEqual([]);
    } finally {
      await copy.close();
    }
    const second = await runEntry('cli/backup', [file], env);
    expect(second.code).toBe(1);
    expect(second.stderr).toMatch(/backup failed: .*already exists/);

    const restored = await runEntry('cli/restore', [file], { ...env, DATA_DIR: path.join(dir, 'cli-restored') });
    expect(restored).toMatchObject({ code: 0 });
    expect(restored.stdout).toContain('put back the jwt-secret file of the old data folder');
    expect(existsSync(path.join(dir, 'cli-restored', 'quorum.db'))).toBe(true);
    const refused = await runEntry('cli/restore', [file], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/restore failed: The data folder .* already holds a database/);

    const pgDump = await runEntry('cli/backup', ['/tmp/q.dump'], { ...env, DATABASE_URL: 'postgres://u:pw@h:5432/q' });
    expect(pgDump.code).toBe(0);
    expect(pgDump.stdout).toContain('pg_dump --format=custom --no-owner --file=/tmp/q.dump postgres://u@h:5432/q');
    expect(pgDump.stdout).not.toContain(':pw@');
  });
});
