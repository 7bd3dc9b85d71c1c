import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { BotCheckAction } from '@quorum/contract';
import { isJsonObject } from '@quorum/contract';
import { BadRequestError, ServiceUnavailableError } from '../lib/errors';

/** Verifies a bot-check token for an action; throws an AppError when the check refuses it. */
export interface BotCheck {
  readonly enabled: boolean;
  verify(token: string | undefined, action: BotCheckAction, clientIp: string): Promise<void>;
}

/** The bot check switched off: every call passes. */
export const disabledBotCheck: BotCheck = {
  enabled: false,
  async verify() {},
};

export interface RecaptchaSettings {
  secretKey: string;
  minScore: number;
  verifyUrl: string;
  timeoutMs: number;
  /** The hostname tokens must have been issued for (PUBLIC_URL's), when the service reports one. */
  expectedHostname: string;
}

/**
 * The answer of a reCAPTCHA v3 `siteverify` call: `success`, `score`, `action`, `hostname` and `error-codes`, each
 * checked as it is read.
 */
type VerifyAnswer = Readonly<Record<string, unknown>>;

/** Remembers tokens already used, so a replayed token fails even before the service says so. */
interface UsedTokens {
  /** True when the token was not seen before (and is now remembered). */
  claim(tokenHash: string): Promise<boolean>;
}

const TOKEN_LIFETIME_SECONDS = 180;

function memoryUsedTokens(): UsedTokens {
  const seen = new Map<string, number>();
  return {
    async claim(hash) {
      const now = Date.now();
      for (const [key, expires] of seen) if (expires <= now) seen.delete(key);
      if (seen.has(hash)) return false;
      seen.set(hash, now + TOKEN_LIFETIME_SECONDS * 1000);
      return true;
    },
  };
}

function redisUsedTokens(redis: Redis): UsedTokens {
  return {
    async claim(hash) {
      return (await redis.set(`quorum-bot:${hash}`, '1', 'EX', TOKEN_LIFETIME_SECONDS, 'NX')) === 'OK';
    },
  };
}

/**
 * reCAPTCHA v3 (or a compatible service): success must be true, the action must be the endpoint's,
 * the score must reach the minimum and the hostname must match. Fails closed: anything else is a 400,
 * and a service that cannot be reached in time is a 503.
 */
export function createRecaptchaBotCheck(
  settings: RecaptchaSettings,
  redis: Redis | undefined,
  log: FastifyBaseLogger,
): BotCheck {
  const used = redis ? redisUsedTokens(redis) : memoryUsedTokens();
  const refuse = (reason: string, details: Record<string, unknown> = {}) => {
    log.info({ botCheck: { reason, ...details } }, 'bot check refused a request');
    return new BadRequestError('BOT_CHECK_FAILED');
  };
  return {
    enabled: true,
    async verify(token, action, clientIp) {
      if (!token || token.length > 4096) throw refuse('missing token', { action });
      const tokenHash = createHash('sha256').update(token).digest('hex');
      if (!(await used.claim(tokenHash))) throw refuse('token reused', { action });

      let answer: VerifyAnswer;
      try {
        const response = await fetch(settings.verifyUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ secret: settings.secretKey, response: token, remoteip: clientIp }),
          signal: AbortSignal.timeout(settings.timeoutMs),
        });
        if (!response.ok) throw new Error(`verify service answered ${response.status}`);
        const body: unknown = await response.json();
        if (!isJsonObject(body)) throw new Error('verify service answered no JSON object');
        answer = body;
      } catch (error) {
        log.warn({ err: error }, 'bot check: the verify service could not be reached');
        throw new ServiceUnavailableError('BOT_CHECK_UNAVAILABLE');
      }

      if (answer.success !== true) throw refuse('not successful', { action, errors: answer['error-codes'] });
      if (answer.action !== action) throw refuse('wrong action', { expected: action, got: answer.action });
      if (typeof answer.score !== 'number' || answer.score < settings.minScore) {
        throw refuse('low score', { action, score: answer.score });
      }
      if (answer.hostname && answer.hostname !== settings.expectedHostname) {
        throw refuse('wrong hostname', { action, hostname: answer.hostname });
      }
    },
  };
}
