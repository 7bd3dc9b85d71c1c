// The funnel's visit rules the public survey page needs, free of zod on purpose: the page imports them, and it
// must stay tiny.

/** What a visit id looks like (the server's ids are far shorter). */
export const VISIT_ID_PATTERN = /^[0-9A-Za-z-]{1,100}$/;

/**
 * A visit takes progress this many hours after it was opened, no longer (then 409 VISIT_EXPIRED): a page left open
 * longer, or resumed later, is a new visit.
 */
export const VISIT_PROGRESS_HOURS = 24;
