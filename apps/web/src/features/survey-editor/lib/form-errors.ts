import { set, type FieldErrors, type Resolver, type UseFormGetValues } from 'react-hook-form';
import { validateDraft, type FieldRef, type SurveyDraft } from './editor-model';

/** Where a save that the server refused says why. */
export const SERVER_ERROR = 'root.server';

/** The form's name of the field a check points at. */
export function fieldPath(at: FieldRef): string {
  switch (at.field) {
    case 'questionText':
      return `questions.${at.index}.text`;
    case 'questionOptions':
      return `questions.${at.index}.options`;
    case 'questionRating':
      return `questions.${at.index}.ratingScale`;
    case 'questionDescription':
      return `questions.${at.index}.description`;
    case 'questionRows':
      return `questions.${at.index}.rows`;
    case 'questionNumberRange':
      return `questions.${at.index}.numberRange`;
    case 'questionDateRange':
      return `questions.${at.index}.dateRange`;
    case 'questionOther':
      return `questions.${at.index}.allowOther`;
    case 'questionRandomize':
      return `questions.${at.index}.randomizeOptions`;
    case 'questionLogic':
      return `questions.${at.index}.logic.${at.rule}.${at.part}`;
    case 'questions':
      return 'questions.root';
    case 'form':
      return 'root.form';
    case 'setting':
      return at.name;
    default:
      return at.field;
  }
}

/**
 * The contract's survey schema over the body the form would send (validateDraft), one message at a
 * time, in the order the form checks: project name, title, questions, branding image.
 */
export const draftResolver: Resolver<SurveyDraft> = (values) => {
  const result = validateDraft(values);
  if (result.ok) return { values, errors: {} };
  const errors: FieldErrors<SurveyDraft> = {};
  set(errors, fieldPath(result.at), { type: 'validate', message: result.message });
  return { values: {}, errors };
};

/** The one message the form shows at a time (a check's, or the server's), and the field it belongs to. */
export function currentError(errors: object, prefix = ''): { path: string; message: string } | undefined {
  for (const [key, value] of Object.entries(errors) as Array<[string, unknown]>) {
    // A message's `ref` is its element: never walked.
    if (key === 'ref' || !value || typeof value !== 'object') continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if ('message' in value && typeof value.message === 'string' && value.message) {
      return { path, message: value.message };
    }
    const nested = currentError(value, path);
    if (nested) return nested;
  }
  return undefined;
}

/** Focuses the input of `form` that a message about the field at `path` belongs to. */
export function focusDraftField(
  form: HTMLFormElement | null,
  getValues: UseFormGetValues<SurveyDraft>,
  path: string,
): void {
  let name = path;
  // A message about the options (or a matrix's rows) belongs to the first blank one.
  const list = /^questions\.(\d+)\.(options|rows)$/.exec(path);
  if (list) {
    const values = getValues(`questions.${Number(list[1])}.${list[2] as 'options' | 'rows'}`) ?? [];
    name = `${path}.${Math.max(
      0,
      values.findIndex((o) => o.trim() === ''),
    )}`;
  }
  // A message about a group of inputs (a number's or a date's range) belongs to its first input.
  const element =
    form?.querySelector<HTMLElement>(`[name="${name}"]`) ?? form?.querySelector<HTMLElement>(`[name^="${name}."]`);
  element?.focus();
}
