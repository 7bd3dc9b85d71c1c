import { parentPort } from 'node:worker_threads';
import { analyseTexts, type TextAnalysis } from './text-analysis';

/** What the pool sends a worker: the texts of one sample. */
export interface AnalysisRequest {
  texts: readonly string[];
}

/** What a worker answers: the analysis, or what went wrong. */
export type AnalysisReply = { analysis: TextAnalysis } | { error: string };

/**
 * An insights worker thread (see insights-pool.ts): reads one sample at a time with the built-in language model,
 * loaded once per worker on its first sample.
 */
const port = parentPort;
port?.on('message', (request: AnalysisRequest) => {
  analyseTexts(request.texts).then(
    (analysis) => port.postMessage({ analysis } satisfies AnalysisReply),
    (error: unknown) => port.postMessage({ error: String(error) } satisfies AnalysisReply),
  );
});
