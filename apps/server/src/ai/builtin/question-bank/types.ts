/**
 * What the built-in generator writes for one purpose: how the survey is named and the questions it may
 * ask, in English. `{s}` in a question is the subject ("the weekend jazz festival", "our bakery"), or
 * `defaultSubject` when the idea names none. Assembly (../assemble.ts) decides which of these questions a
 * survey gets and in what order.
 */
export interface PurposeQuestions {
  /** What the purpose is called, for titles of ideas in other languages ("Event feedback: …"). */
  label: string;
  /** The subject when the idea names none, or when the idea is not in English. */
  defaultSubject: string;
  /** Questions always name `defaultSubject`, never the idea's own subject. */
  keepDefaultSubject?: true;
  /** Title after the subject: "Weekend Jazz Festival" + "Feedback". */
  titleSuffix: string;
  /** Title and project name when the idea names no subject. */
  defaultTitle: string;
  defaultProject: string;
  /** Rated when the idea lists no aspects of its own. */
  defaultAspects: readonly string[];
  /** How an aspect is rated: its quality ("How would you rate the food?", the default) or its importance. */
  aspectFrame?: AspectFrame;
  /** The overall rating (1–5); one wording is picked from the idea. */
  overall: readonly string[];
  /** A single-choice question easy to start with. */
  category: ChoiceTemplate;
  /** A second single-choice question. */
  second: ChoiceTemplate;
  /** A multiple-choice question, asked when the idea lists no more aspects than are rated one by one. */
  checkbox: ChoiceTemplate;
  /** Asked as a checkbox over the listed aspects when the idea lists more than can be rated one by one. */
  aspectsCheckbox: string;
  /**
   * The likelihood question: to recommend, asked as a Net Promoter Score (0–10), or with `likelihoodAsRating` a
   * 1–10 rating (how likely to try or to come back, which is not a recommendation).
   */
  recommend: string;
  likelihoodAsRating?: true;
  /**
   * Asked when the survey has room for it: `'contact'`, last, whether the respondent may be contacted and, if so,
   * at which address (a skip-logic rule ends the survey on "No"); or `visitDate`, second, the day of the visit
   * (optional), worded as given.
   */
  closing?: Closing;
  /** The one open question; one wording is picked from the idea. */
  open: readonly string[];
  /** The recommendation question leads and is always asked (net-promoter surveys). */
  recommendFirst?: true;
}

export type Closing = 'contact' | { visitDate: string };

/** How a rating question about one aspect is worded. */
export type AspectFrame = 'rate' | 'importance';

export interface ChoiceTemplate {
  text: string;
  options: readonly string[];
}
