import { z } from 'zod';
import { MAX_EMAIL_LENGTH, MAX_FULL_NAME_LENGTH, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../product/constants';
import { PASSWORD_TOO_SHORT_MESSAGE } from './passwords';

/**
 * One set of form rules for the browser forms and the server checks (docs/product.md#accounts-and-signing-in).
 * An email address as every form and the server take it: trimmed, valid, at most 255 characters.
 */
export const emailSchema = z
  .string('Email is required')
  .trim()
  .min(1, 'Email is required')
  .max(MAX_EMAIL_LENGTH, `Email must be less than ${MAX_EMAIL_LENGTH} characters`)
  .pipe(z.email('Please enter a valid email address'));

const newPassword = z
  .string()
  .min(1, 'Password is required')
  .min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT_MESSAGE)
  // Strength is judged by the estimator in password-strength.ts: on the server
  // for every new password, and in the forms once it has loaded.
  .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters`);

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Password is required'),
});
export type SignInInput = z.infer<typeof signInSchema>;

/**
 * A member's full name: the sign-up form, the profile, and the server's checks
 * on every auth endpoint that takes a name (a null or a number is "required").
 */
export const fullNameSchema = z
  .string('Full name is required')
  .trim()
  .min(1, 'Full name is required')
  .max(MAX_FULL_NAME_LENGTH, `Full name must be less than ${MAX_FULL_NAME_LENGTH} characters`);

/** What a sign-up is refused with when the person has not confirmed their age (the terms require 18 or over). */
export const AGE_CONFIRMATION_REQUIRED_MESSAGE = 'Please confirm you are 18 or over.';

/**
 * The sign-up's "I confirm I am 18 or over" (issue 26) as the server takes it:
 * `ageConfirmed: true` in the body, or the sign-up is refused.
 */
export const ageConfirmedSchema = z.literal(true, AGE_CONFIRMATION_REQUIRED_MESSAGE);

export const signUpSchema = z.object({
  fullName: fullNameSchema,
  email: emailSchema,
  password: newPassword,
});
export type SignUpInput = z.infer<typeof signUpSchema>;

/** The sign-up form: its fields, and the age checkbox, whose value is 'yes' when ticked and '' when not. */
export const signUpFormSchema = signUpSchema.extend({
  ageConfirmed: z.literal('yes', AGE_CONFIRMATION_REQUIRED_MESSAGE),
});
export type SignUpFormInput = z.infer<typeof signUpFormSchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** The reset form's own titles are the spec's toasts (docs/product.md#accounts-and-signing-in). */
export const NEW_PASSWORD_ERRORS = {
  mismatch: "Passwords Don't Match",
  tooShort: 'Password Too Short',
} as const;

export const newPasswordSchema = z
  .object({ password: newPassword, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: NEW_PASSWORD_ERRORS.mismatch,
    path: ['confirmPassword'],
  });
export type NewPasswordInput = z.infer<typeof newPasswordSchema>;

/** A reset token from a mail link is a short random id; anything far longer is not one. */
export const MAX_RESET_TOKEN_LENGTH = 200;

/** POST /api/password-reset/check: is this recovery link still good? (decision 033) */
export const resetLinkCheckSchema = z
  .object({
    token: z
      .string('The link has no token')
      .trim()
      .min(1, 'The link has no token')
      .max(MAX_RESET_TOKEN_LENGTH, 'The link is not one of ours'),
  })
  .strict();
export type ResetLinkCheckInput = z.infer<typeof resetLinkCheckSchema>;

/** A token from one of our mail links: better-auth's signed token, or our own random one. */
const mailLinkToken = z
  .string('The link has no token')
  .trim()
  .min(1, 'The link has no token')
  .max(2000, 'The link is not one of ours');

/**
 * The confirmation page, in a browser that did not make the sign-up
 * (decision 046): the password chosen at sign-up proves it is the same person.
 */
export const confirmWithPasswordSchema = z
  .object({
    token: mailLinkToken,
    password: z.string('Password is required').min(1, 'Password is required').max(MAX_PASSWORD_LENGTH),
  })
  .strict();
export type ConfirmWithPasswordInput = z.infer<typeof confirmWithPasswordSchema>;

/** …or a new password replaces whatever the sign-up chose, as a reset would. */
export const confirmWithNewPasswordSchema = z.object({ token: mailLinkToken, new_password: newPassword }).strict();
export type ConfirmWithNewPasswordInput = z.infer<typeof confirmWithNewPasswordSchema>;

/** The "This was not me" link mailed to the old address after an email change (decision 046). */
export const emailChangeUndoSchema = z.object({ token: mailLinkToken }).strict();
export type EmailChangeUndoInput = z.infer<typeof emailChangeUndoSchema>;
