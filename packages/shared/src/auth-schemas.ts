import { z } from 'zod';
import { MAX_EMAIL_LENGTH, MAX_FULL_NAME_LENGTH, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './constants';
import { PASSWORD_TOO_SHORT_MESSAGE } from './passwords';

/** One set of form rules for the browser forms and the server checks (user-app §5). */
const email = z
  .string()
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
  email,
  password: z.string().min(1, 'Password is required'),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const signUpSchema = z.object({
  fullName: z
    .string()
    .trim()
    .min(1, 'Full name is required')
    .max(MAX_FULL_NAME_LENGTH, `Full name must be less than ${MAX_FULL_NAME_LENGTH} characters`),
  email,
  password: newPassword,
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** The reset form's own titles are the spec's toasts (user-app §5). */
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
