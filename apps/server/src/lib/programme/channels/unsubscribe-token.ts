import { createHmac, timingSafeEqual } from 'node:crypto';
import { PROGRAMME_KINDS, type ProgrammeKind } from '@app/shared';

/**
 * The one-click unsubscribe of a programme mail nudge (decision 058): a
 * signed token naming the member and the kind, so the link works without a
 * sign-in and turns off only that kind, for that member. It does not expire:
 * an old mail's link must still work.
 */
const sign = (secret: string, body: string) =>
  createHmac('sha256', secret).update(`programme-unsubscribe:${body}`).digest('base64url');

export function unsubscribeToken(secret: string, userId: string, kind: ProgrammeKind): string {
  const body = Buffer.from(`${userId}\n${kind}`).toString('base64url');
  return `${body}.${sign(secret, body)}`;
}

export function readUnsubscribeToken(secret: string, token: string): { userId: string; kind: ProgrammeKind } | null {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const [userId, kind] = Buffer.from(body, 'base64url').toString('utf8').split('\n');
  if (!userId || !PROGRAMME_KINDS.includes(kind as ProgrammeKind)) return null;
  return { userId, kind: kind as ProgrammeKind };
}
