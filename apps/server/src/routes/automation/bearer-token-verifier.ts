import { createHash } from 'node:crypto';
import { sameBytes, type WebhookVerifier } from '../../lib/webhooks/verifier';

/**
 * A caller that proves itself with a shared bearer token (the outside
 * automation, COACH_AUTOMATION_TOKEN). Both sides are hashed before the
 * comparison, so it takes the same time whatever the token's length and
 * wherever the first difference is.
 */
export function bearerTokenVerifier(token: string, name: string): WebhookVerifier {
  const expected = digest(token);
  return {
    description: `Authorization: Bearer ${name}`,
    async verify(_raw, header) {
      const match = /^Bearer (\S+)$/.exec(header('authorization') ?? '');
      return !!match && sameBytes(digest(match[1]!), expected);
    },
  };
}

const digest = (value: string) => createHash('sha256').update(value).digest();
