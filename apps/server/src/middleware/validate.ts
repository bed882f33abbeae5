import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { ZodType } from 'zod';

/**
 * zod validation for a request part. Bad input answers 400 with the message
 * of each field, never a 500: `{ error, fieldErrors: { field: [messages] } }`.
 */
export function validate<T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return zValidator(target, schema, (result, c) => {
    if (result.success) return;
    // No prototype: a client's key such as `constructor` or `__proto__` is just a key here.
    const fieldErrors: Record<string, string[]> = Object.create(null);
    for (const issue of result.error.issues) {
      const key = issue.path.join('.') || (issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : '_');
      (fieldErrors[key] ??= []).push(issue.message);
    }
    return c.json({ error: 'Invalid input', fieldErrors }, 400);
  });
}
