import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { resultsKeys } from '../api/keys';
import { streamResults } from '../api/stream-results';

export type LiveStatus = 'connecting' | 'live' | 'polling';

/** While not live, the results are fetched again this often (the polling fallback). */
export const POLL_INTERVAL_MS = 15_000;
const RETRY_FIRST_MS = 2_000;
const RETRY_MAX_MS = 60_000;

/**
 * Keeps the results screen live: listens to the survey's Server-Sent Events and refreshes the results on each
 * one (and on every (re)connect, to catch what happened while away). When the stream drops it reconnects with
 * a growing delay; meanwhile the status is 'polling' and the caller polls. A refused stream (401, 404) is not
 * retried: polling then shows the same answer the way the rest of the app handles it.
 */
export function useLiveResults(surveyId: string): LiveStatus {
  const queryClient = useQueryClient();
  // The status of this survey's stream; another survey's starts as 'connecting'.
  const [live, setLive] = useState<{ surveyId: string; status: LiveStatus }>({ surveyId, status: 'connecting' });

  useEffect(() => {
    const controller = new AbortController();
    let retryMs = RETRY_FIRST_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: resultsKeys.summaries(surveyId) });
    const setStatus = (status: LiveStatus) => setLive({ surveyId, status });

    const connect = async () => {
      if (controller.signal.aborted) return;
      let refused = false;
      try {
        const end = await streamResults(
          surveyId,
          {
            onReady: () => {
              retryMs = RETRY_FIRST_MS;
              setStatus('live');
              refresh();
            },
            onResponse: refresh,
          },
          controller.signal,
        );
        refused = end.reason === 'refused';
      } catch {
        // network error: retry below
      }
      if (controller.signal.aborted) return;
      setStatus('polling');
      if (refused) return;
      timer = setTimeout(() => void connect(), retryMs);
      retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
    };
    void connect();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [queryClient, surveyId]);

  return live.surveyId === surveyId ? live.status : 'connecting';
}
