import { randomBytes } from 'node:crypto';
import type { Question, SurveyState, SurveyGenerator } from '@quorum/contract';
import { FIVE_POINT_SCALE, projectIdFrom, ratingOptions } from '@quorum/contract';
import type { AppContext } from '../src/context';
import { newId } from '../src/lib/ids';
import { hashPassword } from '../src/lib/passwords';
import { questionRow } from '../src/modules/surveys/question-row';
import { insertSurvey } from '../src/modules/surveys/surveys.repository';

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
  token: string;
}

export async function createUser(
  ctx: AppContext,
  overrides: { name?: string; email?: string; password?: string; verified?: boolean } = {},
): Promise<CreatedAccount> {
  const now = ctx.clock.now().toISOString();
  const account = {
    id: newId(),
    name: overrides.name ?? 'Test User',
    email: (overrides.email ?? uniqueEmail('user')).toLowerCase(),
    password: overrides.password ?? DEFAULT_PASSWORD,
  };
  await ctx.db.kysely
    .insertInto('users')
    .values({
      id: account.id,
      name: account.name,
      email: account.email,
      password_hash: await hashFor(account.password),
      email_verified_at: overrides.verified === false ? null : now,
      token_version: 0,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const token = await ctx.tokens.sign({ sub: account.id, role: 'user', ver: 0 });
  return { ...account, token };
}

export async function createAdmin(
  ctx: AppContext,
  overrides: { name?: string; email?: string; password?: string } = {},
): Promise<CreatedAccount> {
  const now = ctx.clock.now().toISOString();
  const account = {
    id: newId(),
    name: overrides.name ?? 'Test Admin',
    email: (overrides.email ?? uniqueEmail('admin')).toLowerCase(),
    password: overrides.password ?? DEFAULT_PASSWORD,
  };
  await ctx.db.kysely
    .insertInto('admins')
    .values({
      id: account.id,
      name: account.name,
      email: account.email,
      password_hash: await hashFor(account.password),
      token_version: 0,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const token = await ctx.tokens.sign({ sub: account.id, role: 'admin', ver: 0 });
  return { ...account, token };
}

/** One question of each type, in a stable order. */
export function sampleQuestions(): Question[] {
  return [
    {
      id: newId(),
      text: 'Which day did you attend?',
      type: 'multiple_choice',
      options: ['Friday', 'Saturday', 'Sunday'],
    },
    { id: newId(), text: 'What did you enjoy?', type: 'checkbox', options: ['Food', 'Sound', 'Tickets'] },
    { id: newId(), text: 'Anything else?', type: 'text', options: [] },
    {
      id: newId(),
      text: 'How was it overall?',
      type: 'rating',
      options: ratingOptions(FIVE_POINT_SCALE),
      ratingScale: FIVE_POINT_SCALE,
    },
  ];
}

export interface CreatedSurvey {
  id: string;
  projectId: string;
  questions: Question[];
}

/** Inserts a survey straight into the database, in any state. */
export async function createSurvey(
  ctx: AppContext,
  ownerId: string,
  overrides: {
    title?: string;
    projectName?: string;
    state?: SurveyState;
    questions?: Question[];
    brandingImageUrl?: string | null;
    generator?: SurveyGenerator;
    createdAt?: string;
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
      },
      questions.map((q, position) => questionRow(id, position, q)),
    ),
  );
  return { id, projectId: projectIdFrom(projectName), questions };
}
