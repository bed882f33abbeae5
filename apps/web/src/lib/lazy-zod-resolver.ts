import type { ZodType } from 'zod';
import type { FormErrors, FormResolver } from './small-form';

type TextValues = Record<string, string>;

/**
 * A small form's resolver (lib/small-form.ts) that downloads zod and the form's
 * schema on the first validation (submitting, or re-checking a field after a
 * submit), so a page whose form shows at once, /auth, does not carry the
 * validation library in its first load. The checks and messages are the
 * schema's, the first problem of each field, as react-hook-form's `zodResolver`
 * reports them to the other forms.
 */
export function lazyZodResolver<Values extends TextValues>(
  loadSchema: () => Promise<ZodType<Values, Values>>,
): FormResolver<Values> {
  let loading: Promise<ZodType<Values, Values>> | undefined;
  const load = () =>
    (loading ??= Promise.all([import('./jitless-zod'), loadSchema()]).then(
      ([, schema]) => schema,
      (error: unknown) => {
        // Offline for a moment: the next validation tries again.
        loading = undefined;
        throw error;
      },
    ));
  return async (values) => {
    const result = await (await load()).safeParseAsync(values);
    if (result.success) return { values: result.data };
    const errors: FormErrors<Values> = {};
    for (const issue of result.error.issues) {
      errors[issue.path.join('.') as keyof Values] ??= { message: issue.message };
    }
    return { errors };
  };
}
