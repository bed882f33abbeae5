import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKIN_QUESTION, DEFAULT_PROGRAMME_SETTINGS, PROGRAMME_TEMPLATE_BUTTON } from '@app/shared';
import { checkins, programmeDeliveries, whatsappContacts } from '../../db/schema';
import { sendAutomationReply } from '../../lib/coach/send-automation-reply';
import { labelledAsTheAiCoach } from '../../lib/whatsapp/outbound/whatsapp-deliveries';
import { coachMember } from '../../test-support/coach-conversations';
import { answer, type TestClient } from '../../test-support/test-client';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { waitFor } from '../../test-support/wait-for';

/**
 * Local mode's programme tools (decision 058): the dev clock route moves the
 * scheduler's clock and runs a pass (what the end-to-end test drives), and
 * the /dev/whatsapp phone shows reply buttons and the programme template's
 * quick reply, and taps them through the real webhook endpoint.
 */
let server: TestServer;
let phone: TestClient;
const PHONE = '447700900311';

beforeAll(async () => {
  server = await startTestServer(
    { WHATSAPP_PROGRAMME_TEMPLATE: 'programme_waiting:en_GB' },
    { programmeSchedulerOff: true },
  );
  phone = server.client();
});
afterAll(() => server?.close());

const thread = async () =>
  (await answer(phone.api.dev.whatsapp.phones[':phone'].$get({ param: { phone: PHONE } }))).body.messages;

describe('the dev clock and the local phone', () => {
  it('runs a pass at the clock’s time; the phone taps the template’s button and a reply button', async () => {
    const member = await coachMember(server);
    // The phone writes, then its contact is linked to the member: its window is open ...
    const wrote = await answer(
      phone.api.dev.whatsapp.messages.$post({ json: { phone: PHONE, profile_name: 'Pip', text: 'Hello' } }),
    );
    expect(wrote.status).toBe(200);
    const contact = await waitFor(async () => {
      const [row] = await server.database.db.select().from(whatsappContacts).where(eq(whatsappContacts.waId, PHONE));
      // Processed to its end: the contact's window was moved by this message.
      return row?.lastInboundExternalId === wrote.body.external_id ? row : undefined;
    }, 'the phone’s message processed');
    await server.database.db
      .update(whatsappContacts)
      .set({ memberId: member.id, conversationId: member.conversationId, linkedBy: 'admin', linkedAt: new Date() })
      .where(eq(whatsappContacts.id, contact.id));
    // ... but the check-in falls due 30 hours later by the programme's clock; the provider's clock says the window is
    // open, so close it the way time would: the contact last wrote 30 hours ago.
    await server.database.db
      .update(whatsappContacts)
      .set({ lastInboundAt: new Date(Date.now() - 30 * 60 * 60_000) })
      .where(eq(whatsappContacts.id, contact.id));
    await answer(
      member.client.api.me.programme.$put({
        json: { ...DEFAULT_PROGRAMME_SETTINGS, checkins_enabled: true, checkin_days: [1, 2, 3, 4, 5, 6, 7] },
      }),
    );

    const set = await answer(phone.api.dev.programme.clock.$post({ json: { now: '2026-02-10T09:00:00Z' } }));
    expect(set).toMatchObject({ status: 200, body: { now: '2026-02-10T09:00:00.000Z', queued: 1 } });
    expect((await answer(phone.api.dev.programme.clock.$post({ json: { now: 'tomorrow' } as never }))).status).toBe(
      400,
    );

    // The template, with its quick reply, shows on the phone; tapping it brings the check-in.
    const template = await waitFor(async () => (await thread()).find((m) => m.kind === 'template'), 'the template');
    expect(template.buttons).toEqual([
      { kind: 'quick_reply', id: expect.stringMatching(/^programme:open:/), title: PROGRAMME_TEMPLATE_BUTTON },
    ]);
    const tapped = await answer(
      phone.api.dev.whatsapp.messages.$post({
        json: { phone: PHONE, profile_name: 'Pip', reply: template.buttons![0]! },
      }),
    );
    expect(tapped.status).toBe(200);
    await waitFor(
      async () => (await thread()).find((m) => m.text === labelledAsTheAiCoach(CHECKIN_QUESTION)),
      'the check-in on the phone',
    );

    // A message with reply buttons, and a tap on one that answers the check-in.
    const [item] = await server.database.db
      .select()
      .from(programmeDeliveries)
      .where(eq(programmeDeliveries.userId, member.id));
    await sendAutomationReply(
      { db: server.database.db, realtime: server.realtime, whatsapp: server.whatsapp, defaultMode: 'off' },
      {
        conversationId: member.conversationId,
        text: 'Or tap one',
        origin: 'scripted',
        gate: 'programme',
        buttons: [
          { id: `checkin:${item!.id}:3`, title: '3' },
          { id: `checkin:${item!.id}:8`, title: '8' },
        ],
        clientId: 'buttons-demo',
      },
    );
    const withButtons = await waitFor(async () => (await thread()).find((m) => m.buttons?.length === 2), 'the buttons');
    expect(withButtons.text).toBe(labelledAsTheAiCoach('Or tap one'));
    await answer(
      phone.api.dev.whatsapp.messages.$post({
        json: { phone: PHONE, profile_name: 'Pip', reply: withButtons.buttons![1]! },
      }),
    );
    const answered = await waitFor(async () => {
      const [row] = await server.database.db
        .select()
        .from(checkins)
        .where(and(eq(checkins.userId, member.id), eq(checkins.deliveryId, item!.id)));
      return row;
    }, 'the check-in answered');
    expect(answered.score).toBe(8);

    const reset = await answer(phone.api.dev.programme.clock.$delete());
    expect(reset.status).toBe(200);
    expect(Math.abs(new Date((reset.body as { now: string }).now).getTime() - Date.now())).toBeLessThan(60_000);
  });
});
