import { authApi } from '@/lib/api-request';

/**
 * better-auth's two-factor endpoints (decision 047). A session that passed the
 * code is what the admin area asks for; the server decides, these only ask.
 */

/** Starts setting up an authenticator: the otpauth URI to scan and ten recovery codes. Needs the password. */
export function startTwoFactorSetup(password: string): Promise<{ totpURI: string; backupCodes: string[] }> {
  return authApi.post('/api/auth/two-factor/enable', { password });
}

/**
 * A six-digit code from the authenticator: finishes the setup, or the sign-in
 * after the password (the server knows which from the cookies).
 */
export function verifyAuthenticatorCode(code: string): Promise<unknown> {
  return authApi.post('/api/auth/two-factor/verify-totp', { code });
}

/** A one-time recovery code in place of the authenticator, at sign-in. */
export function verifyRecoveryCode(code: string): Promise<unknown> {
  return authApi.post('/api/auth/two-factor/verify-backup-code', { code });
}

/** Ten new recovery codes; the old ones stop working. */
export function newRecoveryCodes(password: string): Promise<{ backupCodes: string[] }> {
  return authApi.post('/api/auth/two-factor/generate-backup-codes', { password });
}

export function turnOffTwoFactor(password: string): Promise<unknown> {
  return authApi.post('/api/auth/two-factor/disable', { password });
}
