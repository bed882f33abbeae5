import { z } from 'zod';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../product/constants';
import { emailSchema } from '../auth/auth-schemas';
import { PASSWORD_TOO_SHORT_MESSAGE } from '../auth/passwords';

/**
 * The profile's "Your account" forms (docs/product.md#profile). The server
 * applies the same rules: better-auth's hooks for the password and the address,
 * DELETE /api/me/account for the deletion.
 */

/** What the member types to confirm a deletion: a deliberate act, not a stray click. */
export const DELETE_CONFIRMATION_WORD = 'DELETE';

const currentPassword = z
  .string('Current password is required')
  .min(1, 'Current password is required')
  .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters`);

export const changePasswordSchema = z
  .object({
    currentPassword,
    newPassword: z
      .string()
      .min(1, 'New password is required')
      .min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT_MESSAGE)
      .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters`),
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: "Passwords Don't Match",
    path: ['confirmPassword'],
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The current password too: a session alone does not move the account to another address (decision 046). */
export const changeEmailSchema = z.object({ newEmail: emailSchema, currentPassword });
export type ChangeEmailInput = z.infer<typeof changeEmailSchema>;

/** DELETE /api/me/account. */
export const deleteAccountSchema = z.object({
  password: currentPassword,
  confirmation: z
    .string('Type DELETE to confirm')
    .trim()
    .refine((v): boolean => v === DELETE_CONFIRMATION_WORD, `Type ${DELETE_CONFIRMATION_WORD} to confirm`),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;
