// The look of the respondent's choices (a row per option, the native control inside), shared by the
// choice and rating types' runner parts.

export const optionRow =
  'flex min-h-12 cursor-pointer items-center gap-3 rounded-control border border-slate-300 bg-white px-4 py-3 text-base text-slate-800 transition-colors hover:border-slate-400 hover:bg-slate-50 has-[:checked]:border-accent-600 has-[:checked]:bg-accent-50 has-[:checked]:text-slate-900 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent-600';

export const nativeControl = 'size-5 shrink-0 accent-accent-600 focus-visible:outline-none';

/** A one-line text input of the respondent's (number, email, date, an "Other" text). */
export const textField =
  'block w-full rounded-control border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus:border-accent-600 focus:outline-2 focus:outline-offset-0 focus:outline-accent-600/30 aria-[invalid=true]:border-red-600';

/** A hint under an input (what to type, how to move). */
export const inputHint = 'mt-2 text-xs text-slate-600';

/** Space-separated ids, without the missing ones (for aria-describedby). */
export function idList(...ids: Array<string | undefined | false>): string | undefined {
  const list = ids.filter((id): id is string => typeof id === 'string' && id !== '');
  return list.length > 0 ? list.join(' ') : undefined;
}
