// The look of the respondent's choices (a row per option, the native control inside), shared by the
// choice and rating types' runner parts.

export const optionRow =
  'flex min-h-12 cursor-pointer items-center gap-3 rounded-control border border-slate-300 bg-white px-4 py-3 text-base text-slate-800 transition-colors hover:border-slate-400 hover:bg-slate-50 has-[:checked]:border-accent-600 has-[:checked]:bg-accent-50 has-[:checked]:text-slate-900 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent-600';

export const nativeControl = 'size-5 shrink-0 accent-accent-600 focus-visible:outline-none';
