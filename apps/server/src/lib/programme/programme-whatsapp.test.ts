import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHECKIN_QUESTION,
  DEFAULT_PROGRAMME_SETTINGS,
  PROGRAMME_STARTED_TEXT,
  PROGRAMME_STOPPED_TEXT,
  STEP_BUTTON_SETTLED_TEXT,
  type ProgrammeSettingsDto,
} from '@app/shared';
import { chatMessages, checkins, outbox, programmeDeliveries, programmeSettings } from '../../db/schema';
import { sendAutomationReply } from '../coach/send-automation-reply';
import { labelledAsTheAiCoach } from '../whatsapp/outbound/whatsapp-deliveries';
import { coachMember, type CoachTestMember } from '../../test-support/coach-conversations';
import {
  FAKE_WHATSAPP_ENV,
  startFakeGraphApi,
  type FakeGraphApi,
} from '../../test-support/fakes/fake-whatsapp/graph-api';
import type { FakePerson } from '../../test-support/fakes/fake-whatsapp/webhook-sender';
import { answer } from '../../test-support/test-client';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { waitFor } from '../../test-support/wait-for';
import { whatsappInboundKit } from '../../test-support/whatsapp-inbound';
import { insertLinkedContact } from '../../test-support/whatsapp-state';
import { createSettableClock } from './clock';

/**
 * The programme on WhatsApp (decision 058), against the fake Graph API:
 * inside the 24-hour window a programme message goes as a message (with
 * reply buttons when it has some); outside it, the configured utility
 * template, whose quick-reply button reopens the window and brings the
 * waiting message; a button reply answers a check-in; STOP and START pause
 * and resume the programme.
 */
const HOUR = 60 * 60_000;
const clock = createSettableClock();
let fake: FakeGraphApi;
let server: TestServer;
let kit: ReturnType<typeof whatsappInboundKit>;
const db = () => server.database.db;

beforeAll(async () => {
  fake = await startFakeGraphApi();
  // Several messages to one person within seconds: Meta's pair rate is not what is tested here.
  fake.pairRate = { burst: 100, refillMs: 1 };
  server = await startTestServer(
    {
      ...FAKE_WHATSAPP_ENV,
      WHATSAPP_GRAPH_API_URL: fake.url,
      WHATSAPP_PROGRAMME_TEMPLATE: 'programme_waiting:en_GB',
    },
    { programmeClock: clock, programmeSchedulerOff: true },
  );
  kit = whatsappInboundKit(server);
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

const checkinsOn: ProgrammeSettingsDto = {
  ...DEFAULT_PROGRAMME_SETTINGS,
  checkins_enabled: true,
  checkin_time: '09:00',
  checkin_days: [1, 2, 3, 4, 5, 6, 7],
};

/** A member whose WhatsApp number is linked, last heard from `lastInboundAt`, with check-ins on. */
async function memberOnWhatsApp(lastInboundAt: Date): Promise<CoachTestMember & { who: FakePerson }> {
  const member = await coachMember(server);
  const who = kit.person('Programme Pat');
  await insertLinkedContact(db(), member.id, { waId: who.waId, lastInboundAt });
  if (Date.now() - lastInboundAt.getTime() < 24 * HOUR) fake.receivedFrom(who.waId!, lastInboundAt);
  expect((await answer(member.client.api.me.programme.$put({ json: checkinsOn }))).status).toBe(200);
  return { ...member, who };
}

async function checkinAt(member: CoachTestMember, iso: string) {
  clock.set(new Date(iso));
  await server.runProgrammePass();
  return waitFor(async () => {
    const [row] = await db()
      .select()
      .from(programmeDeliveries)
      .where(and(eq(programmeDeliveries.userId, member.id), eq(programmeDeliveries.periodKey, iso.slice(0, 10))));
    return row && row.status !== 'queued' ? row : undefined;
  }, 'the check-in handled');
}

const acceptedFor = (who: FakePerson) => fake.accepted.filter((m) => m.recipient === who.waId);
const acceptedText = (who: FakePerson, text: string) =>
  waitFor(() => acceptedFor(who).find((m) => m.text === labelledAsTheAiCoach(text)), `"${text.slice(0, 30)}…" sent`);

describe('inside the 24-hour window', () => {
  it('sends the check-in as a message, and a message with buttons as reply buttons', async () => {
    const member = await memberOnWhatsApp(new Date());
    const item = await checkinAt(member, '2026-02-02T09:00:00Z');
    expect(item.status).toBe('sent');
    await acceptedText(member.who, CHECKIN_QUESTION);
    expect(acceptedFor(member.who).filter((m) => m.type === 'template')).toEqual([]);

    const buttons = [
      { id: 'step:s1:done', title: 'Done' },
      { id: 'step:s1:not_done', title: 'Not this time' },
    ];
    const sent = await sendAutomationReply(
      { db: db(), realtime: server.realtime, whatsapp: server.whatsapp, defaultMode: 'off' },
      {
        conversationId: member.conversationId,
        text: 'How did your step go?',
        origin: 'scripted',
        gate: 'programme',
        programme: { kind: 'step', id: 's1' },
        buttons,
        clientId: 'step:s1',
      },
    );
    expect(sent).toMatchObject({ outcome: 'sent', message: { channel: 'whatsapp' } });
    const interactive = await waitFor(
      () => acceptedFor(member.who).find((m) => m.type === 'interactive'),
      'the interactive message',
    );
    expect(interactive.interactive).toEqual({ body: labelledAsTheAiCoach('How did your step go?'), buttons });
  });
});

describe('outside the window', () => {
  it('sends the template; its button reopens the window and brings the check-in, which a button reply answers', async () => {
    const member = await memberOnWhatsApp(new Date(Date.now() - 30 * HOUR));
    const item = await checkinAt(member, '2026-02-03T09:00:00Z');
    const [question] = await db().select().from(chatMessages).where(eq(chatMessages.id, item.messageId!));
    expect(question).toMatchObject({ channel: 'web', status: 'sent', message: CHECKIN_QUESTION });
    const template = await waitFor(
      () => acceptedFor(member.who).find((m) => m.type === 'template'),
      'the programme template',
    );
    expect(template.template).toEqual({
      name: 'programme_waiting',
      language: 'en_GB',
      quickReplyPayload: `programme:open:${question!.id}`,
    });
    expect(acceptedFor(member.who).filter((m) => m.type !== 'template')).toEqual([]);

    // The person taps "Show me": the window is open again and the check-in follows, once.
    fake.receivedFrom(member.who.waId!);
    const tap = kit.sender.button(member.who, 'Show me', template.template!.quickReplyPayload);
    await kit.deliverOne(tap);
    await acceptedText(member.who, CHECKIN_QUESTION);
    await waitFor(async () => {
      const [moved] = await db().select().from(chatMessages).where(eq(chatMessages.id, question!.id));
      return moved?.channel === 'whatsapp' && moved.status === 'sent';
    }, 'the check-in sent on WhatsApp');
    await kit.deliverOne(kit.sender.button(member.who, 'Show me', template.template!.quickReplyPayload));
    // The tap is kept in the conversation but is no message for the coach to answer.
    const tapped = await kit.messageOf(kit.wamidOf(tap));
    const coachJobs = await db().select().from(outbox).where(eq(outbox.topic, 'coach'));
    expect(coachJobs.filter((job) => (job.payload as { message_id: string }).message_id === tapped!.id)).toEqual([]);

    // A reply button carrying the check-in's id and a score answers it.
    await kit.deliverOne(kit.sender.interactive(member.who, 'button_reply', '6', undefined, `checkin:${item.id}:6`));
    const [answered] = await db().select().from(checkins).where(eq(checkins.deliveryId, item.id));
    // The tap is a stored message: that is the day's activity in the member's progress, not the check-in too.
    expect(answered).toMatchObject({ userId: member.id, score: 6, note: null, answeredByMessage: true });
    await acceptedText(
      member.who,
      'Thank you for checking in (6/10). Noted: you can see how your days compare on your dashboard.',
    );
    expect(acceptedFor(member.who).filter((m) => m.text === labelledAsTheAiCoach(CHECKIN_QUESTION))).toHaveLength(1);
  });
});

describe("a step's quick replies", () => {
  it('accept and not done from WhatsApp act on the step; the smaller next step comes back with its buttons', async () => {
    const member = await memberOnWhatsApp(new Date());
    const started = await answer(member.client.api.me.steps.$post());
    const step = started.body.step!;
    const offer = await waitFor(
      () =>
        acceptedFor(member.who).find(
          (m) => m.type === 'interactive' && m.interactive?.buttons[0]?.id.includes(step.id),
        ),
      'the step offered with its buttons',
    );
    expect(offer.interactive!.buttons.map((b) => b.id)).toEqual([`step:${step.id}:accept`, `step:${step.id}:swap`]);

    fake.receivedFrom(member.who.waId!);
    await kit.deliverOne(
      kit.sender.interactive(member.who, 'button_reply', 'Accept', undefined, `step:${step.id}:accept`),
    );
    await waitFor(async () => (await stepOf(member)).current?.status === 'accepted', 'the step accepted');
    await kit.deliverOne(
      kit.sender.interactive(member.who, 'button_reply', 'Not this time', undefined, `step:${step.id}:not_done`),
    );
    const next = await waitFor(async () => {
      const steps = await stepOf(member);
      return steps.current && steps.current.id !== step.id ? steps : undefined;
    }, 'the next step offered');
    expect(next.history.find((h) => h.id === step.id)?.status).toBe('not_done');
    expect(next.current!.size).toBeLessThan(step.size);
    await waitFor(
      () => acceptedFor(member.who).find((m) => m.interactive?.buttons[0]?.id === `step:${next.current!.id}:accept`),
      'the smaller step sent with its buttons',
    );

    // An old button (the step is already answered) is told kindly, and changes nothing.
    await kit.deliverOne(kit.sender.interactive(member.who, 'button_reply', 'Done', undefined, `step:${step.id}:done`));
    await acceptedText(member.who, STEP_BUTTON_SETTLED_TEXT);
    expect((await stepOf(member)).history.find((h) => h.id === step.id)?.status).toBe('not_done');
  });
});

async function stepOf(member: CoachTestMember) {
  return (await answer(member.client.api.me.steps.$get())).body;
}

describe('STOP and START', () => {
  it('pause and resume every programme message, with a short confirmation', async () => {
    const member = await memberOnWhatsApp(new Date());
    await kit.deliverOne(kit.sender.text(member.who, 'stop'));
    await acceptedText(member.who, PROGRAMME_STOPPED_TEXT);
    const paused = async () =>
      (await db().select().from(programmeSettings).where(eq(programmeSettings.userId, member.id)))[0]!.paused;
    expect(await paused()).toBe(true);
    clock.set(new Date('2026-02-04T09:00:00Z'));
    await server.runProgrammePass();
    expect(await db().select().from(programmeDeliveries).where(eq(programmeDeliveries.userId, member.id))).toEqual([]);
    // Only the exact word: a sentence with "stop" in it is a message for the coach.
    await kit.deliverOne(kit.sender.text(member.who, 'I need to stop working so late'));
    expect(await paused()).toBe(true);

    await kit.deliverOne(kit.sender.text(member.who, ' Start '));
    await acceptedText(member.who, PROGRAMME_STARTED_TEXT);
    expect(await paused()).toBe(false);
    expect((await checkinAt(member, '2026-02-05T09:00:00Z')).status).toBe('sent');
  });
});
