import type { z } from 'zod';

/**
 * A range (a number's, a date's) as its author sent it, checked by `schema`: the fields to spread into the question,
 * `{ [field]: range }` with the bounds that were given, or `{}` when none was sent or it has no bound; undefined when
 * the range is refused, its issues added to `ctx` under `field`.
 */
export function rangeFromDraft<F extends string, R extends object>(
  field: F,
  schema: z.ZodType<R>,
  sent: unknown,
  ctx: z.RefinementCtx,
): Partial<Record<F, R>> | undefined {
  if (sent === undefined || sent === null) return {};
  const range = schema.safeParse(sent);
  if (!range.success) {
    for (const issue of range.error.issues) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: [field, ...issue.path] });
    }
    return undefined;
  }
  const bounds = Object.entries(range.data).filter(([, bound]) => bound !== undefined);
  return bounds.length > 0 ? ({ [field]: Object.fromEntries(bounds) } as Partial<Record<F, R>>) : {};
}
