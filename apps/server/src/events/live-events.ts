import { EventEmitter } from 'node:events';

/** Told whenever a response is stored, so open results screens can refresh. */
export interface ResponseStoredEvent {
  surveyId: string;
  responseId: string;
  totalResponses: number;
}

export interface LiveEvents {
  publish(event: ResponseStoredEvent): void;
  /** Returns a function that stops listening. */
  subscribe(surveyId: string, listener: (event: ResponseStoredEvent) => void): () => void;
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
    subscribe(surveyId, listener) {
      emitter.on(surveyId, listener);
      return () => emitter.off(surveyId, listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}
