import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { isFiltered, type ResultsFilter } from '@quorum/contract';
import {
  apiFilterOf,
  EMPTY_FILTER,
  filterFromSearchParams,
  withFilterParams,
  type FilterState,
} from '../lib/results-filter';

export interface ResultsFilterControl {
  /** The filter as the address holds it (days, conditions, hide flagged). */
  state: FilterState;
  /** The same filter as the API takes it. */
  filter: ResultsFilter;
  /** Whether the filter leaves any response out. */
  active: boolean;
  setFilter: (next: FilterState) => void;
  clear: () => void;
}

/**
 * The results filter, kept in the address so a reload or a shared link shows the same responses. A change
 * replaces the history entry (as the view tabs do), so Back still leaves the screen.
 */
export function useResultsFilter(): ResultsFilterControl {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const state = useMemo(() => filterFromSearchParams(new URLSearchParams(search)), [search]);
  const filter = useMemo(() => apiFilterOf(state), [state]);
  const setFilter = useCallback(
    (next: FilterState) => setParams((previous) => withFilterParams(previous, next), { replace: true }),
    [setParams],
  );
  const clear = useCallback(() => setFilter(EMPTY_FILTER), [setFilter]);
  return { state, filter, active: isFiltered(filter), setFilter, clear };
}
