import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { isJsonObject } from '@quorum/contract';
import { ACCESS_ENDED, type AccessEndedEvent, type LiveEvents, type ResponseStoredEvent } from './live-events';

const CHANNEL_PREFIX = 'quorum:live:survey:';
/** One channel for every access-ended event: each instance listens to it while it has a listener. */
const ACCESS_CHANNEL = 'quorum:live:access';

interface Envelope {
  /** The instance that published; it has already told its own listeners. */
  from: string;
  event: ResponseStoredEvent;
}

function isEnvelope(value: unknown): value is Envelope {
  if (!isJsonObject(value)) return false;
  const { from, event } = value;
  return (
    typeof from === 'string' &&
    isJsonObject(event) &&
    typeof event.surveyId === 'string' &&
    typeof event.responseId === 'string' &&
    typeof event.totalResponses === 'number'
  );
}

interface AccessEnvelope {
  from: string;
  access: AccessEndedEvent;
}

function isAccessEnvelope(value: unknown): value is AccessEnvelope {
  if (!isJsonObject(value)) return false;
  const { from, access } = value;
  return (
    typeof from === 'string' &&
    isJsonObject(access) &&
    access.kind === 'access-ended' &&
    (access.accountType === 'user' || access.accountType === 'admin') &&
    typeof access.accountId === 'string'
  );
}

/**
 * Live events through Redis pub/sub, so every instance hears every submit.
 *
 * - One channel per survey; an instance subscribes only while it has listeners for that survey.
 * - Publishing tells local listeners at once and sends the event to Redis; an instance ignores its own
 *   messages coming back, so local listeners hear each event once and still hear them if Redis is down.
 * - Access-ended events share one channel, subscribed while this instance has a listener for them.
 * - A connection in subscriber mode can do nothing else, so the subscriber is a duplicate of `redis`
 *   (its own connection); `redis` itself publishes. ioredis re-subscribes after reconnecting.
 */
export function createRedisLiveEvents(redis: Redis, log: FastifyBaseLogger): LiveEvents {
  const instance = randomUUID();
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const subscriber = redis.duplicate();
  /** The SUBSCRIBE in flight or done per survey, so later listeners wait for the same one. */
  const subscribed = new Map<string, Promise<void>>();
  subscriber.on('error', (error: Error) => log.warn({ err: error }, 'live events: Redis subscriber error'));
  let accessSubscribed: Promise<void> | undefined;
  subscriber.on('message', (channel: string, message: string) => {
    if (channel !== ACCESS_CHANNEL && !channel.startsWith(CHANNEL_PREFIX)) return;
    let envelope: unknown;
    try {
      envelope = JSON.parse(message);
    } catch {
      return;
    }
    if (channel === ACCESS_CHANNEL) {
      if (isAccessEnvelope(envelope) && envelope.from !== instance) local.emit(ACCESS_ENDED, envelope.access);
      return;
    }
    if (!isEnvelope(envelope) || envelope.from === instance) return;
    if (`${CHANNEL_PREFIX}${envelope.event.surveyId}` !== channel) return;
    local.emit(envelope.event.surveyId, envelope.event);
  });

  return {
    publish(event) {
      local.emit(event.surveyId, event);
      const envelope: Envelope = { from: instance, event };
      redis
        .publish(`${CHANNEL_PREFIX}${event.surveyId}`, JSON.stringify(envelope))
        .catch((error: unknown) => log.warn({ err: error }, 'live events: could not publish to Redis'));
    },
    publishAccessEnded(access) {
      local.emit(ACCESS_ENDED, access);
      const envelope: AccessEnvelope = { from: instance, access };
      redis
        .publish(ACCESS_CHANNEL, JSON.stringify(envelope))
        .catch((error: unknown) => log.warn({ err: error }, 'live events: could not publish to Redis'));
    },
    async onAccessEnded(listener) {
      local.on(ACCESS_ENDED, listener);
      accessSubscribed ??= subscriber.subscribe(ACCESS_CHANNEL).then(
        () => undefined,
        (error: unknown) => {
          log.warn({ err: error }, 'live events: could not subscribe in Redis; only this instance will be heard');
        },
      );
      await accessSubscribed;
      let done = false;
      return () => {
        if (done) return;
        done = true;
        local.off(ACCESS_ENDED, listener);
        if (local.listenerCount(ACCESS_ENDED) === 0) {
          accessSubscribed = undefined;
          subscriber.unsubscribe(ACCESS_CHANNEL).catch(() => undefined);
        }
      };
    },
    async subscribe(surveyId, listener) {
      const channel = `${CHANNEL_PREFIX}${surveyId}`;
      local.on(surveyId, listener);
      let ready = subscribed.get(surveyId);
      if (!ready) {
        ready = subscriber.subscribe(channel).then(
          () => undefined,
          (error: unknown) => {
            log.warn({ err: error }, 'live events: could not subscribe in Redis; only this instance will be heard');
          },
        );
        subscribed.set(surveyId, ready);
      }
      await ready;
      let done = false;
      return () => {
        if (done) return;
        done = true;
        local.off(surveyId, listener);
        if (local.listenerCount(surveyId) === 0) {
          subscribed.delete(surveyId);
          subscriber.unsubscribe(channel).catch(() => undefined);
        }
      };
    },
    async close() {
      local.removeAllListeners();
      subscribed.clear();
      accessSubscribed = undefined;
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}
