import { ApiError } from './api';

/**
 * Puts the server's per-field messages (a 400's `{ error, fieldErrors }`) under
 * the form's own fields, the first message of each, so a rule only the server
 * checks reads like the form's own. Fields the form does not show are left out.
 * Answers whether any message landed, so the caller can fall back to a toast.
 */
export function showServerFieldErrors<T extends object>(
  error: unknown,
  // A react-hook-form form's `setError`, or a small form's (lib/small-form.ts).
  setError: (field: keyof T & string, error: { message: string }) => void,
  fields: readonly (keyof T & string)[],
): boolean {
  if (!(error instanceof ApiError)) return false;
  let shown = false;
  for (const field of fields) {
    const message = error.fieldErrors[field]?.[0];
    if (!message) continue;
    setError(field, { message });
    shown = true;
  }
  return shown;
}
