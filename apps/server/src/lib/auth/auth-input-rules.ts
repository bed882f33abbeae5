import { z } from 'zod';
import { APIError } from 'better-auth/api';
import { ageConfirmedSchema, emailSchema, fullNameSchema } from '@app/shared';

/**
 * Our rules for what better-auth's endpoints accept, on top of its own checks.
 * They run in better-auth's `hooks.before`, so a refused request writes
 * nothing and answers 400 `{ message, code, fieldErrors }`, never a 500.
 */

/** The product has no profile pictures: nothing but "none" is accepted. */
const noPicture = z.null('Profile pictures are not supported').optional();

/**
 * Every endpoint that writes a name, a picture or an address, with the shared
 * form rules (full name 1–100 characters, email up to 255). Fields not named
 * here are left to better-auth, which refuses the ones it does not know.
 */
const BODY_RULES: Record<string, z.ZodType<Record<string, unknown>>> = {
  // The terms require members to be 18 or over: the form asks, and a sign-up without the answer is refused.
  // The answer is not stored (better-auth has no field for it), so it is dropped once checked.
  '/sign-up/email': z
    .object({ name: fullNameSchema, email: emailSchema, image: noPicture, ageConfirmed: ageConfirmedSchema })
    .transform(({ ageConfirmed: _checked, ...fields }) => ({ ...fields, ageConfirmed: undefined })),
  '/update-user': z.object({ name: fullNameSchema.optional(), image: noPicture }),
  '/change-email': z.object({ newEmail: emailSchema }),
};

/**
 * Fields we set whatever the client sent. Changing the password ends every
 * other session of the member: whoever else knew the old password is out.
 */
const FORCED_FIELDS: Record<string, Record<string, unknown>> = {
  '/change-password': { revokeOtherSessions: true },
};

function invalidInput(error: z.ZodError): APIError {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of error.issues) (fieldErrors[issue.path.join('.') || '_'] ??= []).push(issue.message);
  return new APIError('BAD_REQUEST', {
    message: error.issues[0]?.message ?? 'Invalid input',
    code: 'INVALID_INPUT',
    fieldErrors,
  });
}

/**
 * Checks a better-auth request and returns the body fields to replace (the
 * trimmed name and address, the forced ones), or throws a 400.
 */
export function applyAuthInputRules(path: string, body: unknown): Record<string, unknown> | undefined {
  const rules = BODY_RULES[path];
  const forced = FORCED_FIELDS[path];
  if (!rules && !forced) return undefined;
  let normalized: Record<string, unknown> = {};
  if (rules) {
    const result = rules.safeParse(body);
    if (!result.success) throw invalidInput(result.error);
    normalized = result.data;
  }
  return { ...normalized, ...forced };
}
