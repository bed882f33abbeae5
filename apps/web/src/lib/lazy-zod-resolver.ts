import type { FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';

/**
 * A form resolver that downloads zod, the resolver and the form's schema on the
 * first validation (submitting, or re-checking a field after a failed submit), so
 * a page whose form shows at once, /auth, does not carry the validation library
 * in its first load. Validation is asynchronous in react-hook-form anyway; the
 * checks and messages are the schema's, as with `zodResolver`.
 */
export function lazyZodResolver<Values extends FieldValues>(
  loadSchema: () => Promise<ZodType<Values, Values>>,
): Resolver<Values> {
  let loading: Promise<Resolver<Values>> | undefined;
  const load = () =>
    (loading ??= Promise.all([import('./zod-resolver'), loadSchema()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema),
      (error: unknown) => {
        // Offline for a moment: the next validation tries again.
        loading = undefined;
        throw error;
      },
    ));
  return async (values, context, options) => (await load())(values, context, options);
}
