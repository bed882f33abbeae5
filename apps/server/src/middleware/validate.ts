import { zValidator } from '@hono/zod-validator';
import type { Context, ValidationTargets } from 'hono';
import type { ZodType, core } from 'zod';
import type { ApiErrorBody, FieldErrors } from '@app/shared';

/**
 * The one 400 of the API: `{ error: 'Invalid input', fieldErrors: { field: [messages] } }`.
 * Schema failures (validate below) and checks a handler makes itself (an unknown
 * focus area, say) both answer through here, so the shape cannot drift.
 */
export function invalidInput(c: Context, fieldErrors: FieldErrors) {
  const body: ApiErrorBody = { error: 'Invalid input', fieldErrors };
  return c.json(body, 400);
}

/**
 * zod's issues as field → messages. The map has no prototype: a client's field
 * named `constructor` or `__proto__` is a key like any other, not Object's own.
 */
export function fieldErrorsOf(issues: readonly core.$ZodIssue[]): FieldErrors {
  const fieldErrors: FieldErrors = Object.create(null);
  for (const issue of issues) {
    const key = issue.path.join('.') || (issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : '_');
    (fieldErrors[key] ??= []).push(issue.message);
  }
  return fieldErrors;
}

/** zod validation for a request part. Bad input answers the 400 above, never a 500. */
export function validate<T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return zValidator(target, schema, (result, c) => {
    if (!result.success) return invalidInput(c, fieldErrorsOf(result.error.issues));
  });
}
