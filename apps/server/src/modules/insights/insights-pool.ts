import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { isJsonObject } from '@quorum/contract';
import { ServiceUnavailableError } from '../../lib/errors';
import type { TextAnalysis } from './text-analysis';
import type { AnalysisReply, AnalysisRequest } from './insights-worker';

/** The Retry-After of 503 INSIGHTS_BUSY: about the time an analysis of a full sample takes. */
export const INSIGHTS_BUSY_RETRY_SECONDS = 5;

/**
 * Reads free texts off the main thread (ADR 042): at most `size` worker threads, each reading one sample at a
 * time; an analysis that finds every worker busy waits in a queue of at most `queueLimit`, and past that is
 * refused at once (503 INSIGHTS_BUSY), so the event loop that answers every other request never reads a text.
 */
export interface AnalysisPool {
  /** The analysis of these texts (see `analyseTexts`), read by a worker. Throws 503 INSIGHTS_BUSY when full. */
  analyse(texts: readonly string[]): Promise<TextAnalysis>;
  /** Ends every worker; analyses still running or waiting are refused. */
  close(): Promise<void>;
}

interface Task {
  texts: readonly string[];
  resolve: (analysis: TextAnalysis) => void;
  reject: (error: unknown) => void;
}

interface Slot {
  worker: Worker;
  task: Task | undefined;
}

/**
 * The worker's entry: the built server has it beside server.js (scripts/build.mjs writes it there); run from the
 * TypeScript sources (tsx in development, vitest in tests) it is the .ts file, loaded through tsx.
 */
function startWorker(): Worker {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new Worker(new URL('./insights-worker.js', here));
  const entry = new URL('./insights-worker.ts', here).href;
  const source = `import(${JSON.stringify(tsxApi(here))}).then(({ tsImport }) => tsImport(${JSON.stringify(entry)}, ${JSON.stringify(entry)}))`;
  return new Worker(source, { eval: true });
}

/** The address of tsx's ESM API (`tsx/esm/api` as an import would find it from `from`). */
function tsxApi(from: string): string {
  const manifestFile = createRequire(from).resolve('tsx/package.json');
  const manifest: unknown = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const api = isJsonObject(manifest) && isJsonObject(manifest.exports) ? manifest.exports['./esm/api'] : undefined;
  const file = isJsonObject(api) && isJsonObject(api.import) ? api.import.default : undefined;
  if (typeof file !== 'string')
    throw new Error(`${manifestFile} names no ESM API (exports["./esm/api"].import.default)`);
  return pathToFileURL(path.join(path.dirname(manifestFile), file)).href;
}

export function createAnalysisPool(options: { size: number; queueLimit: number }): AnalysisPool {
  const slots: Slot[] = [];
  const queue: Task[] = [];
  let closed = false;

  function run(slot: Slot, task: Task): void {
    slot.task = task;
    slot.worker.postMessage({ texts: task.texts } satisfies AnalysisRequest);
  }

  function next(slot: Slot): void {
    slot.task = undefined;
    const task = queue.shift();
    if (task) run(slot, task);
  }

  function addSlot(): Slot {
    const slot: Slot = { worker: startWorker(), task: undefined };
    slot.worker.unref();
    slot.worker.on('message', (reply: AnalysisReply) => {
      const task = slot.task;
      if (!task) return;
      if ('analysis' in reply) task.resolve(reply.analysis);
      else task.reject(new Error(`insights worker: ${reply.error}`));
      next(slot);
    });
    // A worker that dies takes its task with it; the next analysis starts a new one in its place.
    slot.worker.on('error', (error) => slot.task?.reject(error));
    slot.worker.on('exit', () => {
      const index = slots.indexOf(slot);
      if (index >= 0) slots.splice(index, 1);
      slot.task?.reject(new Error('insights worker stopped'));
      slot.task = undefined;
      const waiting = closed ? undefined : queue.shift();
      if (waiting) run(addSlot(), waiting);
    });
    slots.push(slot);
    return slot;
  }

  return {
    analyse(texts) {
      if (closed) return Promise.reject(new Error('insights pool closed'));
      return new Promise<TextAnalysis>((resolve, reject) => {
        const task: Task = { texts, resolve, reject };
        const idle = slots.find((slot) => slot.task === undefined);
        if (idle) return run(idle, task);
        if (slots.length < options.size) return run(addSlot(), task);
        if (queue.length >= options.queueLimit) {
          const busy = new ServiceUnavailableError('INSIGHTS_BUSY');
          busy.headers = { 'retry-after': String(INSIGHTS_BUSY_RETRY_SECONDS) };
          return reject(busy);
        }
        queue.push(task);
      });
    },
    async close() {
      closed = true;
      for (const task of queue.splice(0)) task.reject(new Error('insights pool closed'));
      await Promise.all(slots.map((slot) => slot.worker.terminate()));
    },
  };
}
