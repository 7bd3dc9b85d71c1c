// Rows made straight in the server's database, through its own repositories where it has them, for the
// server tests and the benchmarks. They take the parts of the server's context they write with.
import { randomBytes } from 'node:crypto';
import type { Question, RatingScale, SurveyGenerator, SurveyState, UserType, WorkspaceRole } from '@quorum/contract';
import { DEFAULT_SURVEY_SETTINGS, FIVE_POINT_SCALE, projectIdFrom, ratingOptions } from '@quorum/contract';
import type { AppContext } from '@quorum/server/src/context';
import type { AdminsTable, UsersTable } from '@quorum/server/src/db/schema';
import { newId } from '@quorum/server/src/lib/ids';
import { hashPassword } from '@quorum/server/src/lib/passwords';
import { insertAdmin } from '@quorum/server/src/modules/admins/admins.repository';
import { questionRow } from '@quorum/server/src/modules/surveys/question-row';
import { settingsColumns, type SurveySettings } from '@quorum/server/src/modules/surveys/survey-settings-row';
import { languageColumns, type SurveyLanguages } from '@quorum/server/src/modules/surveys/survey-languages-row';
import { insertSurvey } from '@quorum/server/src/modules/surveys/surveys.repository';

/** What the factories write with: the database, the clock for timestamps and the token service. */
export type FactoryContext = Pick<AppContext, 'db' | 'clock' | 'tokens'>;

/** A password that meets every rule. */
export const DEFAULT_PASSWORD = 'Correct-Horse1!';
let defaultHash: Promise<string> | undefined;
const hashFor = (password: string) =>
  password === DEFAULT_PASSWORD ? (defaultHash ??= hashPassword(DEFAULT_PASSWORD)) : hashPassword(password);

export function uniqueEmail(prefix = 'person'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}@example.com`;
}

export interface CreatedAccount {
  id: string;
  name: string;
  email: string;
  password: string;
  /** A session token for the account. */
  token: string;
}

export interface AccountOverrides {
  name?: string;
  email?: string;
  password?: string;
}

/** Inserts an account with `insert` (given its row's common columns) and signs a session token for it. */
async function createAccount(
  ctx: FactoryContext,
  role: UserType,
  overrides: AccountOverrides,
  // The columns users and administrators share are exactly an administrator's row.
  insert: (row: AdminsTable) => Promise<void>,
): Promise<CreatedAccount> {
  const now = ctx.clock.now().toISOString();
  const account = {
    id: newId(),
    name: overrides.name ?? (role === 'admin' ? 'Test Admin' : 'Test User'),
    email: (overrides.email ?? uniqueEmail(role)).toLowerCase(),
    password: overrides.password ?? DEFAULT_PASSWORD,
  };
  const { password, ...columns } = account;
  await insert({
    ...columns,
    password_hash: await hashFor(password),
    token_version: 0,
    created_at: now,
    updated_at: now,
  });
  const token = await ctx.tokens.sign({ sub: account.id, role, ver: 0 });
  return { ...account, token };
}

/** A user, verified unless `verified: false`. */
export function createUser(
  ctx: FactoryContext,
  overrides: AccountOverrides & { verified?: boolean } = {},
): Promise<CreatedAccount> {
  return createAccount(ctx, 'user', overrides, async (row) => {
    const verifiedAt = overrides.verified === false ? null : row.created_at;
    await ctx.db.kysely
      .insertInto('users')
      .values({ ...row, email_verified_at: verifiedAt })
      .execute();
  });
}

export function createAdmin(ctx: FactoryContext, overrides: AccountOverrides = {}): Promise<CreatedAccount> {
  return createAccount(ctx, 'admin', overrides, async (row) => {
    if (!(await insertAdmin(ctx.db.kysely, row))) throw new Error(`an administrator ${row.email} exists already`);
  });
}

/** The stored row of a user or administrator, by id or by email as stored; undefined when there is none. */
export function findAccount(
  ctx: Pick<FactoryContext, 'db'>,
  table: 'users',
  by: { id: string } | { email: string },
): Promise<UsersTable | undefined>;
export function findAccount(
  ctx: Pick<FactoryContext, 'db'>,
  table: 'admins',
  by: { id: string } | { email: string },
): Promise<AdminsTable | undefined>;
export function findAccount(
  ctx: Pick<FactoryContext, 'db'>,
  table: 'users' | 'admins',
  by: { id: string } | { email: string },
): Promise<UsersTable | AdminsTable | undefined>;
export function findAccount(
  ctx: Pick<FactoryContext, 'db'>,
  table: 'users' | 'admins',
  by: { id: string } | { email: string },
): Promise<UsersTable | AdminsTable | undefined> {
  const [column, value] = 'id' in by ? (['id', by.id] as const) : (['email', by.email] as const);
  return ctx.db.kysely.selectFrom(table).selectAll().where(column, '=', value).executeTakeFirst();
}

/** Questions, one builder per type; each gets a new id unless given one. */
export const question = {
  multipleChoice: (text: string, options: string[], id = newId()): Question => ({
    id,
    text,
    type: 'multiple_choice',
    options,
  }),
  checkbox: (text: string, options: string[], id = newId()): Question => ({ id, text, type: 'checkbox', options }),
  text: (text: string, id = newId()): Question => ({ id, text, type: 'text', options: [] }),
  rating: (text: string, ratingScale: RatingScale = FIVE_POINT_SCALE, id = newId()): Question => ({
    id,
    text,
    type: 'rating',
    options: ratingOptions(ratingScale),
    ratingScale,
  }),
};

/** One question of each type, in a stable order. */
export function sampleQuestions(): Question[] {
  return [
    question.multipleChoice('Which day did you attend?', ['Friday', 'Saturday', 'Sunday']),
    question.checkbox('What did you enjoy?', ['Food', 'Sound', 'Tickets']),
    question.text('Anything else?'),
    question.rating('How was it overall?'),
  ];
}

export interface CreatedSurvey {
  id: string;
  projectId: string;
  questions: Question[];
}

/** Inserts a survey straight into the database, in any state. */
export async function createSurvey(
  ctx: FactoryContext,
  ownerId: string,
  overrides: {
    title?: string;
    projectName?: string;
    state?: SurveyState;
    questions?: Question[];
    brandingImageUrl?: string | null;
    generator?: SurveyGenerator;
    createdAt?: string;
    /** Collecting settings; unset ones keep the default. */
    settings?: Partial<SurveySettings>;
    /** Default: the owner's personal workspace (its id is the owner's id). */
    workspaceId?: string;
    /** The survey's languages; default: English only. */
    languages?: Partial<SurveyLanguages>;
  } = {},
): Promise<CreatedSurvey> {
  const now = overrides.createdAt ?? ctx.clock.now().toISOString();
  const projectName = overrides.projectName ?? 'Test Project';
  const questions = overrides.questions ?? sampleQuestions();
  const id = newId();
  await ctx.db.kysely.transaction().execute((trx) =>
    insertSurvey(
      trx,
      {
        id,
        user_id: ownerId,
        project_name: projectName,
        project_id: projectIdFrom(projectName),
        title: overrides.title ?? 'Test Survey',
        branding_image_url: overrides.brandingImageUrl ?? null,
        state: overrides.state ?? 'draft',
        generator: overrides.generator ?? 'manual',
        response_count: 0,
        created_at: now,
        updated_at: now,
        webhook_count: 0,
        digest_sent_at: null,
        workspace_id: overrides.workspaceId ?? ownerId,
        version: 1,
        updated_by: null,
        launched_by: overrides.state === 'active' ? ownerId : null,
        ...settingsColumns({ ...DEFAULT_SURVEY_SETTINGS, ...overrides.settings }),
        ...languageColumns({ defaultLanguage: 'en', translations: {}, ...overrides.languages }),
      },
      questions.map((q, position) => questionRow(id, position, q)),
    ),
  );
  return { id, projectId: projectIdFrom(projectName), questions };
}

/**
 * A team workspace written straight into the database: its row and its members, each `[account, role]` (the first
 * is its creator). Returns its id.
 */
export async function createWorkspace(
  ctx: FactoryContext,
  members: ReadonlyArray<readonly [{ id: string }, WorkspaceRole]>,
  name = 'Team',
): Promise<string> {
  const id = newId();
  const now = ctx.clock.now().toISOString();
  await ctx.db.kysely
    .insertInto('workspaces')
    .values({ id, name, created_by: members[0]![0].id, created_at: now, updated_at: now })
    .execute();
  for (const [account, role] of members) await addMember(ctx, id, account.id, role);
  return id;
}

/** Makes `userId` a member of `workspaceId` with `role`, written straight into the database. */
export async function addMember(
  ctx: FactoryContext,
  workspaceId: string,
  userId: string,
  role: WorkspaceRole,
): Promise<void> {
  await ctx.db.kysely
    .insertInto('workspace_members')
    .values({ workspace_id: workspaceId, user_id: userId, role, created_at: ctx.clock.now().toISOString() })
    .execute();
}
