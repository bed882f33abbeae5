import { api, read } from '@/lib/api';

/**
 * A sign-up link opened in a browser that did not make the sign-up (decision
 * 046): the password chosen at sign-up, or a new one, lets this browser follow
 * the link. Then verifyEmail confirms and signs in as usual.
 */
export const confirmWithPassword = (token: string, password: string) =>
  read(api['sign-up-confirmation'].password.$post({ json: { token, password } }));

export const confirmWithNewPassword = (token: string, newPassword: string) =>
  read(api['sign-up-confirmation']['new-password'].$post({ json: { token, new_password: newPassword } }));
