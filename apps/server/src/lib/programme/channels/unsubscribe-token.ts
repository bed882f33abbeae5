import { createHmac, timingSafeEqual } from 'node:crypto';
import { PROGRAMME_KINDS, type ProgrammeKind } from '@app/shared';

/**
 * The one-click unsubscribe of a programme mail nudge (decision 058), and of
 * the reply-waiting mail (`reply_mails`, decision 063): a signed token naming
 * the member and the kind of mail, so the link works without a sign-in and
 * turns off only that kind, for that member. It does not expire: an old
 * mail's link must still work.
 */
export type UnsubscribeKind = ProgrammeKind | 'reply_mails';
const UNSUBSCRIBE_KINDS: readonly string[] = [...PROGRAMME_KINDS, 'reply_mails'];

const sign = (secret: string, body: string) =>
  createHmac('sha256', secret).update(`programme-unsubscribe:${body}`).digest('base64url');

export function unsubscribeToken(secret: string, userId: string, kind: UnsubscribeKind): string {
  const body = Buffer.from(`${userId}\n${kind}`).toString('base64url');
  return `${body}.${sign(secret, body)}`;
}

export function readUnsubscribeToken(secret: string, token: string): { userId: string; kind: UnsubscribeKind } | null {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const [userId, kind] = Buffer.from(body, 'base64url').toString('utf8').split('\n');
  if (!userId || !kind || !UNSUBSCRIBE_KINDS.includes(kind)) return null;
  return { userId, kind: kind as UnsubscribeKind };
}
