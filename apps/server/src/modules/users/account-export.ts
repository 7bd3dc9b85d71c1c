import { Readable } from 'node:stream';
import {
  ACCOUNT_EXPORT_VERSION,
  accountExportFileName,
  type AccountExport,
  type AccountExportSurvey,
} from '@quorum/contract';
import type { AppContext } from '../../context';
import { UnauthorizedError } from '../../lib/errors';
import type { Principal } from '../../lib/principal';
import { toResponseRow, latestResponseId, listResponsesAfter } from '../results';
import { questionFromRow, surveyFromRow, findQuestions, listOwnedSurveys } from '../surveys';
import { findUserForExport } from './users.repository';

/** Responses read per query: memory stays flat whatever the number of responses. */
export const ACCOUNT_EXPORT_PAGE_SIZE = 500;

export type AccountExportDeps = Pick<AppContext, 'db' | 'clock'>;

/**
 * The account's data as one JSON document (see the contract's `accountExportSchema`): the profile, then every
 * survey it owns with its questions and every response. Written as it is read: the surveys one by one and the
 * responses in keyset pages of ACCOUNT_EXPORT_PAGE_SIZE, pulled by the socket, so a large account never sits
 * in memory and a slow client slows the reads down. Each survey's responses stored after its page reads began
 * are left out, so every survey is a consistent cut.
 */
export async function openAccountExport(
  deps: AccountExportDeps,
  principal: Principal,
): Promise<{ fileName: string; body: Readable }> {
  const db = deps.db.kysely;
  const user = await findUserForExport(db, principal.id);
  if (!user) throw new UnauthorizedError('INVALID_TOKEN');
  const userId = user.id;
  const exportedAt = deps.clock.now().toISOString();
  const head: Omit<AccountExport, 'surveys'> = {
    version: ACCOUNT_EXPORT_VERSION,
    exportedAt,
    profile: {
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerifiedAt: user.email_verified_at,
      createdAt: user.created_at,
      updatedAt: user.updated_at,
    },
  };

  async function* chunks(): AsyncGenerator<string> {
    // The document's head, with the surveys array left open.
    yield `${JSON.stringify(head).slice(0, -1)},"surveys":[`;
    const surveys = await listOwnedSurveys(db, userId);
    for (const [index, row] of surveys.entries()) {
      const questions = await findQuestions(db, row.id, { includeDeleted: true });
      const { creator: _creator, ...survey } = surveyFromRow(
        row,
        questions.filter((q) => q.is_deleted === 0).map(questionFromRow),
      );
      const surveyHead: Omit<AccountExportSurvey, 'responses'> = {
        ...survey,
        deletedQuestions: questions.filter((q) => q.is_deleted === 1).map(questionFromRow),
      };
      yield `${index === 0 ? '' : ','}${JSON.stringify(surveyHead).slice(0, -1)},"responses":[`;
      const upTo = await latestResponseId(db, row.id);
      let after: string | undefined;
      let first = true;
      while (upTo !== undefined) {
        const page = await listResponsesAfter(db, row.id, { after, upTo, limit: ACCOUNT_EXPORT_PAGE_SIZE });
        if (page.length === 0) break;
        yield `${first ? '' : ','}${page.map((r) => JSON.stringify(toResponseRow(r))).join(',')}`;
        first = false;
        const last = page.at(-1);
        if (!last || page.length < ACCOUNT_EXPORT_PAGE_SIZE) break;
        after = last.id;
      }
      yield ']}';
    }
    yield ']}';
  }

  return {
    fileName: accountExportFileName(exportedAt),
    body: Readable.from(
      (async function* () {
        for await (const text of chunks()) yield Buffer.from(text, 'utf8');
      })(),
      { objectMode: false },
    ),
  };
}
