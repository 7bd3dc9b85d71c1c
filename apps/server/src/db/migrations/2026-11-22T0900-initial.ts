import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Portable between SQLite and PostgreSQL: text, integer and bigint columns only.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('email_verified_at', 'text')
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('admins')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('login_attempts')
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('window_started_at', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .addPrimaryKeyConstraint('login_attempts_pk', ['scope', 'email'])
    .execute();

  await db.schema
    .createTable('email_verifications')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('email_verifications_user_idx').on('email_verifications').column('user_id').execute();

  await db.schema
    .createTable('surveys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('project_name', 'text', (c) => c.notNull())
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('branding_image_url', 'text')
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('generator', 'text', (c) => c.notNull().defaultTo('manual'))
    .addColumn('response_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('surveys_user_state_idx').on('surveys').columns(['user_id', 'state']).execute();
  await db.schema.createIndex('surveys_created_idx').on('surveys').column('created_at').execute();

  await db.schema
    .createTable('questions')
    .addColumn('survey_id', 'text', (c) => c.notNull().references('surveys.id').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('options', 'text', (c) => c.notNull())
    .addColumn('rating_scale', 'text')
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('questions_pk', ['survey_id', 'id'])
    .execute();

  await db.schema
    .createTable('responses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('survey_id', 'text', (c) => c.notNull().references('surveys.id').onDelete('cascade'))
    .addColumn('submitted_at', 'text', (c) => c.notNull())
    .addColumn('answers', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('responses_survey_idx').on('responses').columns(['survey_id', 'id']).execute();

  await db.schema
    .createTable('answer_counts')
    .addColumn('survey_id', 'text', (c) => c.notNull().references('surveys.id').onDelete('cascade'))
    .addColumn('question_id', 'text', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('answer_counts_pk', ['survey_id', 'question_id', 'answer'])
    .execute();

  await db.schema
    .createTable('question_totals')
    .addColumn('survey_id', 'text', (c) => c.notNull().references('surveys.id').onDelete('cascade'))
    .addColumn('question_id', 'text', (c) => c.notNull())
    .addColumn('answered', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rating_sum', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('question_totals_pk', ['survey_id', 'question_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'question_totals',
    'answer_counts',
    'responses',
    'questions',
    'surveys',
    'email_verifications',
    'login_attempts',
    'admins',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
