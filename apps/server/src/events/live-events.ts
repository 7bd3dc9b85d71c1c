import { EventEmitter } from 'node:events';

/** Told whenever a response is stored, so open results screens can refresh. */
export interface ResponseStoredEvent {
  surveyId: string;
  responseId: string;
  totalResponses: number;
}

export interface LiveEvents {
  publish(event: ResponseStoredEvent): void;
  /**
   * Starts listening to one survey's events. Resolves, with a function that stops listening, once events
   * published anywhere (every instance, with Redis) reach the listener. Never rejects: when the shared bus
   * is unavailable the listener still hears this instance's events.
   */
  subscribe(surveyId: string, listener: (event: ResponseStoredEvent) => void): Promise<() => void>;
  close(): Promise<void>;
}

/** Within one process an in-memory broadcast is enough. */
export function createInMemoryLiveEvents(): LiveEvents {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
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
