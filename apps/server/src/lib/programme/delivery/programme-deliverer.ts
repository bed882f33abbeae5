import { and, eq, sql } from 'drizzle-orm';
import type { ProgrammeKind } from '@app/shared';
import { programmeDeliveries } from '../../../db/schema';
import { memberConversationId } from '../../chat/conversations';
import { sendAutomationReply, type AutomationReplyDeps } from '../../coach/send-automation-reply';
import type { Deliverer } from '../../outbox/worker';
import { mailNudge } from '../channels/mail-nudge';
import { kindEnabled, savedSettingsOf } from '../settings';
import { PROGRAMME_COMPOSERS, type ProgrammeDeps } from './composers';
import type { ProgrammeJob } from './programme-job';

export interface ProgrammeDelivererDeps extends ProgrammeDeps {
  reply: AutomationReplyDeps;
  /** Signs the mail nudge's unsubscribe links. */
  unsubscribeSecret: string;
}

/**
 * The `programme` topic's deliverer (decision 058): one due item per job.
 * Looked at again when it runs (settings change between the pass and the
 * send): paused or turned off is skipped; otherwise its kind's composer says
 * what to send, and sendAutomationReply posts it in the member's
 * conversation, on WhatsApp or the web chat, refused while the conversation
 * is in crisis (then nothing is sent: skipped, reason `crisis`). The message
 * is named `programme:<item id>`, so a job run twice posts once; the item is
 * marked sent or skipped with a conditional update, once.
 */
export function programmeDeliverer(deps: ProgrammeDelivererDeps): Deliverer {
  const { db, logger } = deps;
  const unavailableLogged = new Set<ProgrammeKind>();

  async function skip(deliveryId: string, reason: string) {
    await db
      .update(programmeDeliveries)
      .set({ status: 'skipped', skipReason: reason.slice(0, 200) })
      .where(and(eq(programmeDeliveries.id, deliveryId), eq(programmeDeliveries.status, 'queued')));
    return reason;
  }

  async function deliver(deliveryId: string): Promise<string> {
    const [item] = await db.select().from(programmeDeliveries).where(eq(programmeDeliveries.id, deliveryId));
    if (!item || item.status !== 'queued') return 'done before';
    const settings = await savedSettingsOf(db, item.userId);
    if (!settings || settings.paused) return skip(item.id, 'paused');
    if (!kindEnabled(settings, item.kind)) return skip(item.id, 'turned_off');
    const composer = PROGRAMME_COMPOSERS[item.kind];
    if (!composer) {
      if (!unavailableLogged.has(item.kind)) {
        unavailableLogged.add(item.kind);
        logger.warn({ kind: item.kind }, 'programme: no composer for this kind; its items are skipped');
      }
      return skip(item.id, 'not_available');
    }
    const composed = await composer(deps, {
      deliveryId: item.id,
      userId: item.userId,
      kind: item.kind,
      periodKey: item.periodKey,
      dueAt: item.dueAt,
    });
    if ('skip' in composed) return skip(item.id, composed.skip);
    const conversationId = await memberConversationId(db, item.userId);
    const sent = await sendAutomationReply(deps.reply, {
      conversationId,
      text: composed.text,
      origin: composed.origin ?? 'scripted',
      gate: 'programme',
      programme: composed.programme,
      ...(composed.buttons?.length && { buttons: composed.buttons }),
      clientId: `programme:${item.id}`,
      deliveries: settings.mail_nudges
        ? [
            mailNudge({
              userId: item.userId,
              kind: item.kind,
              publicUrl: deps.config.publicUrl,
              secret: deps.unsubscribeSecret,
            }),
          ]
        : [],
    });
    if (sent.outcome === 'withheld') return skip(item.id, sent.reason === 'state' ? 'crisis' : sent.reason);
    await db
      .update(programmeDeliveries)
      .set({ status: 'sent', messageId: sent.message.id, sentAt: sql`now()` })
      .where(and(eq(programmeDeliveries.id, item.id), eq(programmeDeliveries.status, 'queued')));
    return `sent on ${sent.message.channel}`;
  }

  return {
    log: { noun: 'programme item', idKey: 'programmeJobId' },
    // The database, a composer's model call: worth another try; the send itself is idempotent.
    isRetryable: () => true,
    async deliver(row) {
      const job = row.payload as unknown as ProgrammeJob;
      const outcome = await deliver(job.delivery_id);
      logger.info({ programmeJobId: row.id, deliveryId: job.delivery_id, outcome }, 'programme item handled');
    },
  };
}
