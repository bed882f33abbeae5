import { Hono } from 'hono';
import type { MemberWhatsAppDto } from '@app/shared';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { memberWhatsApp, unlinkMember } from '../../lib/whatsapp/linking';
import { routeAccess } from '../../middleware/access';

/**
 * /api/me/whatsapp: the member's WhatsApp side (decision 056). GET answers
 * their link reference (made on first read) for the chat links' greeting, and
 * the contact linked to them; DELETE unlinks it (the contact's next message
 * starts a conversation of its own) and replaces the reference.
 */
export function memberWhatsAppRoutes(deps: AppDeps) {
  const { db } = deps;
  const access = routeAccess(deps);
  return new Hono<AppEnv>()
    .get('/', access.member, async (c) => {
      const body: MemberWhatsAppDto = await memberWhatsApp(db, c.get('user').id);
      return c.json(body);
    })
    .delete('/', access.member, async (c) => {
      const memberId = c.get('user').id;
      await unlinkMember(db, memberId);
      const body: MemberWhatsAppDto = await memberWhatsApp(db, memberId);
      return c.json(body);
    });
}
