import { EventEmitter } from 'node:events';
import type { UserType } from '@quorum/contract';

/** Told whenever a response is stored, so open results screens can refresh. */
export interface ResponseStoredEvent {
  surveyId: string;
  responseId: string;
  totalResponses: number;
}

/**
 * Told when an account's access may have ended: one of its sessions or all of them were signed out, an API key
 * of it was revoked, it left or was removed from a workspace, or it was deleted. Every instance checks again the
 * credential and the survey access of each live stream that account has open, and closes those that no longer
 * pass; the database, shared by every instance, says what has ended.
 */
export interface AccessEndedEvent {
  kind: 'access-ended';
  accountType: UserType;
  accountId: string;
}

export interface LiveEvents {
  publish(event: ResponseStoredEvent): void;
  /** Tells every instance (through Redis when configured) that an account's access may have ended. */
  publishAccessEnded(event: AccessEndedEvent): void;
  /**
   * Listens to access-ended events from every instance, this one included; answers a function that stops. Never
   * rejects: when the shared bus is unavailable the listener still hears this instance's events.
   */
  onAccessEnded(listener: (event: AccessEndedEvent) => void): Promise<() => void>;
  /**
   * Starts listening to one survey's events. Resolves, with a function that stops listening, once events
   * published anywhere (every instance, with Redis) reach the listener. Never rejects: when the shared bus
   * is unavailable the listener still hears this instance's events.
   */
  subscribe(surveyId: string, listener: (event: ResponseStoredEvent) => void): Promise<() => void>;
  close(): Promise<void>;
}

/** The emitter event access-ended events travel under; survey ids are UUIDs, so it never names a survey. */
export const ACCESS_ENDED = 'access-ended';

/** Within one process an in-memory broadcast is enough. */
export function createInMemoryLiveEvents(): LiveEvents {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publishAccessEnded(event) {
      emitter.emit(ACCESS_ENDED, event);
    },
    async onAccessEnded(listener) {
      emitter.on(ACCESS_ENDED, listener);
      return () => void emitter.off(ACCESS_ENDED, listener);
    },
    publish(event) {
      emitter.emit(event.surveyId, event);
    },
    async subscribe(surveyId, listener) {
      emitter.on(surveyId, listener);
      return () => void emitter.off(surveyId, listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/**
 * Tells every instance that the account's access may have ended, once the change that ended it is stored: each
 * checks that account's open live streams again and closes those that no longer pass.
 */
export function announceAccessEnded(
  liveEvents: Pick<LiveEvents, 'publishAccessEnded'>,
  account: { type: UserType; id: string },
): void {
  liveEvents.publishAccessEnded({ kind: 'access-ended', accountType: account.type, accountId: account.id });
}
