import { Hono, type HonoRequest } from 'hono';
import { z } from 'zod';
import { PRODUCT_NAME, PROGRAMME_UNSUBSCRIBED_TEXT, REPLY_MAILS_UNSUBSCRIBED_TEXT } from '@app/shared';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { readUnsubscribeToken } from '../../lib/programme/channels/unsubscribe-token';
import { saveNotificationSettings } from '../../lib/notifications/notification-settings';
import { turnKindOff } from '../../lib/programme/settings';
import { routeAccess } from '../../middleware/access';
import { validate } from '../../middleware/validate';

const tokenQuery = z.object({
  token: z.string('token is required').min(10, 'Not a valid link').max(500, 'Not a valid link'),
});

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2933;max-width:520px;margin:48px auto;padding:0 16px;line-height:1.5">${body}</body></html>`;

/**
 * The token a form sent (the page's button, or a mail app's one-click POST), or '' when none was sent
 * or the body does not parse as the form it claims to be (refused as an invalid link, not a 500).
 */
async function formToken(request: HonoRequest): Promise<string> {
  if (!request.header('content-type')?.includes('form')) return '';
  try {
    const form = await request.parseBody();
    return typeof form.token === 'string' ? form.token : '';
  } catch {
    return '';
  }
}

/**
 * The one-click unsubscribe of a programme mail (decision 058) and of the
 * reply-waiting mail (decision 063): no sign-in,
 * the signed token names the member and the kind. A POST (the mail app's
 * one-click, RFC 8058, or the page's button) turns the kind off; the link
 * itself (GET) only shows the button, so a mail scanner opening links
 * unsubscribes nobody.
 */
export function programmeUnsubscribeRoutes(deps: AppDeps) {
  const access = routeAccess(deps);
  const secret = deps.programme.unsubscribeSecret;
  return new Hono<AppEnv>()
    .get('/unsubscribe', access.public, (c) => {
      // A page for a person who followed a link: a broken one gets a page that says so.
      const token = tokenQuery.safeParse(c.req.query()).data?.token;
      if (!token || !readUnsubscribeToken(secret, token)) {
        return c.html(
          page(
            `Unsubscribe – ${PRODUCT_NAME}`,
            '<p>This unsubscribe link is not complete. Please use the whole link from the mail, or change your mail settings in your profile.</p>',
          ),
        );
      }
      return c.html(
        page(
          `Unsubscribe – ${PRODUCT_NAME}`,
          `<h1 style="font-size:22px">Stop these mails?</h1><form method="post"><input type="hidden" name="token" value="${token}"><button type="submit" style="background:#0f766e;color:#fff;border:0;padding:12px 20px;border-radius:8px;font-size:16px">Unsubscribe</button></form>`,
        ),
      );
    })
    .post('/unsubscribe', access.public, validate('query', tokenQuery.partial()), async (c) => {
      const token = c.req.valid('query').token ?? (await formToken(c.req));
      const target = readUnsubscribeToken(secret, token);
      if (!target) return c.json({ error: 'This link is not valid' }, 400);
      if (target.kind === 'reply_mails') {
        await saveNotificationSettings(deps.db, target.userId, { reply_mails: false });
        return c.html(page(`Unsubscribed – ${PRODUCT_NAME}`, `<p>${REPLY_MAILS_UNSUBSCRIBED_TEXT}</p>`));
      }
      await turnKindOff(deps.db, target.userId, target.kind);
      return c.html(page(`Unsubscribed – ${PRODUCT_NAME}`, `<p>${PROGRAMME_UNSUBSCRIBED_TEXT}</p>`));
    });
}
