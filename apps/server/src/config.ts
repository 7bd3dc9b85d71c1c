import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import {
  PASSWORD_MIN_LENGTH,
  REGISTRATION_SPECIALS,
  isJsonObject,
  isTimeZone,
  unmetPasswordRules,
} from '@quorum/contract';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'expected true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const httpUrl = (what: string) =>
  z
    .string()
    .trim()
    .refine((v) => /^https?:\/\/[^\s]+$/i.test(v) && URL.canParse(v), { error: `expected ${what}` });

const wholeNumber = (what: string) =>
  z.coerce
    .number({ error: `expected ${what}` })
    .int({ error: `expected ${what}` })
    .positive({ error: `expected ${what}` });

/**
 * Which proxies to believe about the client's address, in the forms Fastify's `trustProxy` takes:
 * unset/false for none, a hop count (`1` for one reverse proxy; a bare `true` means 1), or a comma-separated
 * list of proxy addresses and CIDR ranges. Never "trust everything": with that, the leftmost
 * X-Forwarded-For entry, which the client writes itself, would become its address.
 */
const trustProxySetting = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx): false | number | string[] => {
    const value = (v ?? '').toLowerCase();
    if (value === '' || value === 'false' || value === 'no' || value === '0') return false;
    if (value === 'true' || value === 'yes') return 1;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const bad = entries.find((entry) => !isAddressOrCidr(entry));
    if (bad !== undefined || entries.length === 0) {
      ctx.addIssue({
        code: 'custom',
        message: 'expected false, a hop count such as 1, or a comma-separated list of proxy addresses or CIDR ranges',
      });
      return z.NEVER;
    }
    return entries;
  });

function isAddressOrCidr(entry: string): boolean {
  const [address, bits, ...rest] = entry.split('/');
  if (rest.length > 0 || !address) return false;
  const version = isIP(address);
  if (version === 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (version === 4 ? 32 : 128);
}

/** A comma-separated list, trimmed and lower-cased, empty entries dropped. */
const commaList = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((entry) => entry.trim().toLowerCase())
      .filter(Boolean),
  );

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The identity provider's issuer: https, or http on this machine only (a provider beside the app, a test). */
const issuerUrl = optionalString.pipe(
  httpUrl('an https URL such as https://accounts.google.com')
    .refine((v) => v.toLowerCase().startsWith('https://') || LOOPBACK_HOSTS.has(new URL(v).hostname), {
      error: 'expected an https URL (plain http only for localhost)',
    })
    .optional(),
);

const port = z.coerce
  .number({ error: 'expected a whole number from 1 to 65535' })
  .int({ error: 'expected a whole number from 1 to 65535' })
  .min(0, { error: 'expected a whole number from 1 to 65535' })
  .max(65535, { error: 'expected a whole number from 1 to 65535' });

/** Every environment variable Quorum reads, parsed once at start. */
const envSchema = z.object({
  PORT: port.default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .refine((v) => /^postgres(ql)?:\/\//i.test(v), {
        error: 'expected a postgres:// or postgresql:// URL (leave it unset for the built-in SQLite file)',
      })
      .optional(),
  ),
  PUBLIC_URL: optionalString.pipe(httpUrl('an http(s) URL such as https://surveys.example.com').optional()),
  JWT_SECRET: optionalString.pipe(z.string().min(32, { error: 'expected at least 32 characters' }).optional()),
  JWT_EXPIRES_IN_HOURS: z.coerce
    .number({ error: 'expected a number of hours' })
    .positive()
    .default(24 * 7),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .refine((v) => /^smtps?:\/\//i.test(v), { error: 'expected an smtp:// or smtps:// URL' })
      .optional(),
  ),
  MAIL_FROM: z.string().trim().min(1).default('Quorum <no-reply@quorum.local>'),
  ADMIN_EMAIL: optionalString.pipe(z.email({ error: 'expected an email address' }).optional()),
  ADMIN_PASSWORD: optionalString,
  ADMIN_NAME: z.string().trim().min(1).default('Administrator'),
  REDIS_URL: optionalString.pipe(
    z
      .string()
      .refine((v) => /^rediss?:\/\//i.test(v), { error: 'expected a redis:// or rediss:// URL' })
      .optional(),
  ),
  AI_BASE_URL: optionalString.pipe(httpUrl('an http(s) URL such as https://api.openai.com/v1').optional()),
  AI_API_KEY: optionalString,
  AI_MODEL: optionalString,
  AI_TIMEOUT_MS: z.coerce.number({ error: 'expected milliseconds' }).int().positive().default(60_000),
  RECAPTCHA_SITE_KEY: optionalString,
  RECAPTCHA_SECRET_KEY: optionalString,
  RECAPTCHA_MIN_SCORE: z.coerce
    .number({ error: 'expected a number from 0 to 1' })
    .min(0, { error: 'expected a number from 0 to 1' })
    .max(1, { error: 'expected a number from 0 to 1' })
    .default(0.5),
  RECAPTCHA_VERIFY_URL: httpUrl('an http(s) URL').default('https://www.google.com/recaptcha/api/siteverify'),
  RECAPTCHA_SCRIPT_URL: httpUrl('an http(s) URL').default('https://www.google.com/recaptcha/api.js'),
  RECAPTCHA_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  OUTBOUND_ALLOW_PRIVATE: booleanFromEnv.optional(),
  /** The earlier name of OUTBOUND_ALLOW_PRIVATE, still read. */
  IMAGE_CHECK_ALLOW_PRIVATE: booleanFromEnv.optional(),
  API_KEY_RATE_LIMIT: wholeNumber('requests per minute').default(600),
  WEBHOOK_RETRY_BASE_MS: wholeNumber('milliseconds').default(80_000),
  WEBHOOK_TIMEOUT_MS: wholeNumber('milliseconds').default(10_000),
  MAIL_RETRY_BASE_MS: wholeNumber('milliseconds').default(30_000),
  OUTBOX_POLL_MS: wholeNumber('milliseconds').default(2_000),
  OUTBOX_RETENTION_DAYS: wholeNumber('a number of days').default(30),
  DIGEST_HOUR: z.coerce
    .number({ error: 'expected an hour from 0 to 23' })
    .int({ error: 'expected an hour from 0 to 23' })
    .min(0, { error: 'expected an hour from 0 to 23' })
    .max(23, { error: 'expected an hour from 0 to 23' })
    .default(9),
  DIGEST_TIME_ZONE: z
    .string()
    .trim()
    .refine(isTimeZone, { error: 'expected an IANA time zone such as Europe/Berlin or UTC' })
    .default('UTC'),
  BODY_LIMIT: z.coerce
    .number({ error: 'expected a number of bytes' })
    .int()
    .positive()
    .default(1024 * 1024),
  SUBMIT_RATE_LIMIT: z.coerce.number({ error: 'expected submissions per minute' }).int().positive().default(300),
  VISITS_PER_CLIENT_PER_HOUR: wholeNumber('visits of one survey per client per hour').default(60),
  REGISTER_RATE_LIMIT: z.coerce.number({ error: 'expected requests per 10 minutes' }).int().positive().default(10),
  LOGIN_RATE_LIMIT: z.coerce.number({ error: 'expected requests per minute' }).int().positive().default(30),
  PASSWORD_RESET_RATE_LIMIT: wholeNumber('requests per 15 minutes').default(10),
  PASSWORD_RESET_MAILS_PER_HOUR: wholeNumber('mails per hour').default(3),
  SURVEY_WRITE_RATE_LIMIT: wholeNumber('survey writes per minute').default(60),
  INSIGHTS_WORKERS: wholeNumber('a number of worker threads').default(Math.max(1, availableParallelism() - 1)),
  INSIGHTS_QUEUE_LIMIT: z.coerce
    .number({ error: 'expected a number of waiting analyses (0 or more)' })
    .int({ error: 'expected a number of waiting analyses (0 or more)' })
    .min(0, { error: 'expected a number of waiting analyses (0 or more)' })
    .default(8),
  INSIGHTS_RATE_LIMIT: wholeNumber('insights requests per minute').default(20),
  MAX_SURVEYS_PER_ACCOUNT: wholeNumber('a number of surveys').default(1000),
  LOCKOUT_ACCOUNT_CEILING: wholeNumber('a number of failed logins').default(50),
  AUDIT_RETENTION_DAYS: wholeNumber('a number of days').default(365),
  HTTP_REQUEST_TIMEOUT_MS: wholeNumber('milliseconds').default(30_000),
  HTTP_HEADERS_TIMEOUT_MS: wholeNumber('milliseconds').default(10_000),
  TRUST_PROXY: trustProxySetting,
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, { error: 'expected at least 16 characters' }).optional()),
  METRICS_PORT: optionalString.pipe(
    z.coerce
      .number<string>({ error: 'expected a whole number from 1 to 65535' })
      .int({ error: 'expected a whole number from 1 to 65535' })
      .min(1, { error: 'expected a whole number from 1 to 65535' })
      .max(65535, { error: 'expected a whole number from 1 to 65535' })
      .optional(),
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: optionalString,
  OIDC_ISSUER: issuerUrl,
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  OIDC_NAME: z.string().trim().min(1).max(40, { error: 'expected at most 40 characters' }).default('SSO'),
  OIDC_ALLOWED_DOMAINS: commaList.pipe(
    z.array(z.string().regex(/^[a-z0-9.-]+\.[a-z0-9-]+$/, { error: 'expected domain names such as example.com' })),
  ),
  OIDC_ADMIN_EMAILS: commaList.pipe(z.array(z.email({ error: 'expected email addresses separated by commas' }))),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  publicUrl: string;
  jwtSecret: string;
  jwtExpiresInHours: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  admin: { email: string; password: string; name: string } | undefined;
  redisUrl: string | undefined;
  ai: { baseUrl: string; apiKey: string | undefined; model: string; timeoutMs: number } | undefined;
  aiTimeoutMs: number;
  recaptcha:
    | { siteKey: string; secretKey: string; minScore: number; verifyUrl: string; scriptUrl: string; timeoutMs: number }
    | undefined;
  /**
   * Outbound requests (the branding-image check, webhook deliveries) may reach private, loopback and link-local
   * addresses: local development and tests only.
   */
  outboundAllowPrivate: boolean;
  /** Requests per minute one API key may make, on every route together. */
  apiKeyRateLimit: number;
  /** Webhook deliveries: the first retry's delay (later ones grow threefold) and each attempt's time limit. */
  webhooks: { retryBaseMs: number; timeoutMs: number };
  /** Background mail: the first retry's delay (later ones grow fourfold). */
  mailRetryBaseMs: number;
  /** How often each instance looks for due webhook deliveries and mail (new ones in this instance go at once). */
  outboxPollMs: number;
  /** Webhook deliveries and mail finished longer ago than this many days are pruned by the hourly sweep. */
  outboxRetentionDays: number;
  /** When daily digests of new responses go out: this hour (0–23) in this time zone. */
  digest: { hour: number; timeZone: string };
  bodyLimit: number;
  submitRateLimit: number;
  /** Visits (funnel views) of one survey per client address per hour. */
  visitsPerClientPerHour: number;
  /** Registrations and verification resends per client per 10 minutes. */
  registerRateLimit: number;
  /** Login attempts per client per minute. */
  loginRateLimit: number;
  /** Forgot-password and reset-password requests per client per 15 minutes (each route counted apart). */
  passwordResetRateLimit: number;
  /** Password reset mails one account gets per hour; more requests answer the same but send nothing. */
  passwordResetMailsPerHour: number;
  /** Survey creations and updates (including AI generation) per account per minute. */
  surveyWriteRateLimit: number;
  /**
   * Text insights: the worker threads that read answers (at most this many analyses at once), the analyses that may
   * wait for one (past that, 503 INSIGHTS_BUSY), and the requests per account per minute.
   */
  insights: { workers: number; queueLimit: number; rateLimit: number };
  /** Non-deleted surveys one account may hold. */
  maxSurveysPerAccount: number;
  /** Failed logins for one account, from all addresses together, that lock it within the lockout window. */
  lockoutAccountCeiling: number;
  /** Audit log entries older than this many days are pruned by the hourly sweep. */
  auditRetentionDays: number;
  /** The whole request (headers and body) must arrive within this many milliseconds. */
  httpRequestTimeoutMs: number;
  /** The request headers must arrive within this many milliseconds. */
  httpHeadersTimeoutMs: number;
  /** Fastify's `trustProxy`: false, a hop count, or the proxies' addresses and CIDR ranges. */
  trustProxy: false | number | string[];
  logLevel: Env['LOG_LEVEL'];
  /** When set (and metricsPort is not), `GET /metrics` is served on the app behind this bearer token. */
  metricsToken: string | undefined;
  /** When set, `GET /metrics` is served on this port of the same host only (the token too, when one is set). */
  metricsPort: number | undefined;
  /** Folder with the built SPA; undefined to serve the API alone. */
  webDist: string | undefined;
  /** Single sign-on through an OpenID Connect provider; undefined when it is off. */
  oidc: OidcConfig | undefined;
}

export interface OidcConfig {
  /** The provider's issuer identifier; its discovery document is read from here. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The provider's name on the "Sign in with {name}" button. */
  name: string;
  /** Email domains that may sign in (lower case); empty for any. */
  allowedDomains: string[];
  /** Email addresses (lower case) that may sign in as administrators through the provider. */
  adminEmails: string[];
}

export class ConfigError extends Error {}

/**
 * The repository's root folder (where `npm start` runs and `.env` is read): the nearest folder above this module
 * whose package.json is Quorum's root one. Found by looking, so it is the same from source (apps/server/src), from
 * the build (dist/server, dist/server/cli) and in the container image.
 */
export const projectRoot = findProjectRoot(import.meta.dirname);

function findProjectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      const read: unknown = JSON.parse(readFileSync(manifest, 'utf8'));
      if (isJsonObject(read) && read.name === 'quorum') return dir;
    }
    if (path.dirname(dir) === dir) return process.cwd();
  }
}

const defaultWebDist = path.join(projectRoot, 'dist/web');

/** Parses the environment. Throws a ConfigError whose message is one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    const value = env[name];
    throw new ConfigError(
      `Invalid configuration: ${name}${value === undefined ? '' : `=${JSON.stringify(value)}`}: ${issue?.message ?? 'invalid'}`,
    );
  }
  const e = parsed.data;
  if (Boolean(e.ADMIN_EMAIL) !== Boolean(e.ADMIN_PASSWORD)) {
    throw new ConfigError('Invalid configuration: ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  if (e.ADMIN_PASSWORD && unmetPasswordRules(e.ADMIN_PASSWORD).length > 0) {
    throw new ConfigError(
      `Invalid configuration: ADMIN_PASSWORD: expected at least ${PASSWORD_MIN_LENGTH} characters with an uppercase letter, a lowercase letter, a digit and one of ${REGISTRATION_SPECIALS}`,
    );
  }
  if (Boolean(e.RECAPTCHA_SITE_KEY) !== Boolean(e.RECAPTCHA_SECRET_KEY)) {
    throw new ConfigError('Invalid configuration: RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY must be set together');
  }
  if (Boolean(e.AI_BASE_URL) !== Boolean(e.AI_MODEL)) {
    throw new ConfigError('Invalid configuration: AI_BASE_URL and AI_MODEL must be set together');
  }
  const oidcSet = [e.OIDC_ISSUER, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET].filter(Boolean).length;
  if (oidcSet !== 0 && oidcSet !== 3) {
    throw new ConfigError(
      'Invalid configuration: OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together (or none of them, to leave single sign-on off)',
    );
  }
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT === e.PORT) {
    throw new ConfigError('Invalid configuration: METRICS_PORT must differ from PORT');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'sqlite', file: path.join(dataDir, 'quorum.db') },
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    jwtSecret: e.JWT_SECRET ?? '',
    jwtExpiresInHours: e.JWT_EXPIRES_IN_HOURS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD, name: e.ADMIN_NAME }
        : undefined,
    redisUrl: e.REDIS_URL,
    ai:
      e.AI_BASE_URL && e.AI_MODEL
        ? {
            baseUrl: e.AI_BASE_URL.replace(/\/+$/, ''),
            apiKey: e.AI_API_KEY,
            model: e.AI_MODEL,
            timeoutMs: e.AI_TIMEOUT_MS,
          }
        : undefined,
    aiTimeoutMs: e.AI_TIMEOUT_MS,
    recaptcha:
      e.RECAPTCHA_SITE_KEY && e.RECAPTCHA_SECRET_KEY
        ? {
            siteKey: e.RECAPTCHA_SITE_KEY,
            secretKey: e.RECAPTCHA_SECRET_KEY,
            minScore: e.RECAPTCHA_MIN_SCORE,
            verifyUrl: e.RECAPTCHA_VERIFY_URL,
            scriptUrl: e.RECAPTCHA_SCRIPT_URL,
            timeoutMs: e.RECAPTCHA_TIMEOUT_MS,
          }
        : undefined,
    outboundAllowPrivate: e.OUTBOUND_ALLOW_PRIVATE ?? e.IMAGE_CHECK_ALLOW_PRIVATE ?? false,
    apiKeyRateLimit: e.API_KEY_RATE_LIMIT,
    webhooks: { retryBaseMs: e.WEBHOOK_RETRY_BASE_MS, timeoutMs: e.WEBHOOK_TIMEOUT_MS },
    mailRetryBaseMs: e.MAIL_RETRY_BASE_MS,
    outboxPollMs: e.OUTBOX_POLL_MS,
    outboxRetentionDays: e.OUTBOX_RETENTION_DAYS,
    digest: { hour: e.DIGEST_HOUR, timeZone: e.DIGEST_TIME_ZONE },
    bodyLimit: e.BODY_LIMIT,
    submitRateLimit: e.SUBMIT_RATE_LIMIT,
    visitsPerClientPerHour: e.VISITS_PER_CLIENT_PER_HOUR,
    registerRateLimit: e.REGISTER_RATE_LIMIT,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    passwordResetRateLimit: e.PASSWORD_RESET_RATE_LIMIT,
    passwordResetMailsPerHour: e.PASSWORD_RESET_MAILS_PER_HOUR,
    surveyWriteRateLimit: e.SURVEY_WRITE_RATE_LIMIT,
    insights: { workers: e.INSIGHTS_WORKERS, queueLimit: e.INSIGHTS_QUEUE_LIMIT, rateLimit: e.INSIGHTS_RATE_LIMIT },
    maxSurveysPerAccount: e.MAX_SURVEYS_PER_ACCOUNT,
    lockoutAccountCeiling: e.LOCKOUT_ACCOUNT_CEILING,
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    httpRequestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
    httpHeadersTimeoutMs: Math.min(e.HTTP_HEADERS_TIMEOUT_MS, e.HTTP_REQUEST_TIMEOUT_MS),
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN,
    metricsPort: e.METRICS_PORT,
    webDist: e.WEB_DIST === '-' ? undefined : (e.WEB_DIST ?? defaultWebDist),
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
        ? {
            issuer: e.OIDC_ISSUER,
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
            name: e.OIDC_NAME,
            allowedDomains: e.OIDC_ALLOWED_DOMAINS,
            adminEmails: e.OIDC_ADMIN_EMAILS,
          }
        : undefined,
  };
}

/**
 * Makes sure DATA_DIR exists and, when JWT_SECRET is unset, reads the secret kept there
 * (creating it once). Separate from loadConfig so parsing stays free of side effects.
 */
export function prepareDataDir(config: Config): Config {
  mkdirSync(config.dataDir, { recursive: true });
  if (config.jwtSecret) return config;
  const file = path.join(config.dataDir, 'jwt-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  return { ...config, jwtSecret: readFileSync(file, 'utf8').trim() };
}
