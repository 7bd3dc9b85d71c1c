import { useState } from 'react';
import type { SectionId } from '../lib/survey-sections';

export interface ListToggles {
  isSectionOpen: (id: SectionId) => boolean;
  toggleSection: (id: SectionId) => void;
  isCardExpanded: (surveyId: string) => boolean;
  toggleCard: (surveyId: string) => void;
  /** Opens a card (a copy just made), whether or not the list shows it yet. */
  expandCard: (surveyId: string) => void;
}

const toggle = <T>(set: ReadonlySet<T>, value: T): Set<T> => {
  const next = new Set(set);
  if (next.has(value)) next.delete(value);
  else next.add(value);
  return next;
};

/**
 * Which sections are closed and which cards expanded. Held by the page, so they last while the list reloads or
 * shows an empty state in between (every section starts open, every card closed).
 */
export function useListToggles(): ListToggles {
  const [closedSections, setClosedSections] = useState<ReadonlySet<SectionId>>(new Set());
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  return {
    isSectionOpen: (id) => !closedSections.has(id),
    toggleSection: (id) => setClosedSections((s) => toggle(s, id)),
    isCardExpanded: (surveyId) => expanded.has(surveyId),
    toggleCard: (surveyId) => setExpanded((s) => toggle(s, surveyId)),
    expandCard: (surveyId) => setExpanded((s) => new Set(s).add(surveyId)),
  };
}
