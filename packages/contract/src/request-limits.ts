import { LIMITS } from './surveys';

/**
 * How deeply a request body may nest objects and arrays. The deepest payload is a survey with skip logic:
 * body → questions → question → logic → rule → when. Anything deeper is refused before it is parsed.
 */
export const MAX_JSON_DEPTH = 6;

/** Bodies of sign-in, registration, verification, profile and password requests, and other small forms. */
export const SMALL_BODY_BYTES = 16 * 1024;

/**
 * The largest valid submission, in bytes: every question answered with the longest text answer. A text
 * answer is counted at 3 bytes per character (the most UTF-8 needs for one UTF-16 unit, and more than JSON's
 * escaped quote or backslash), plus the question id and the JSON around each answer. A checkbox answer is a
 * list of the question's own options, so it cannot outgrow the survey those options were saved in.
 */
export const MAX_SUBMISSION_BYTES =
  64 + LIMITS.questions * (LIMITS.textAnswer * 3 + 100 /* question id */ + 64); /* 1,516,464 bytes */
