import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { outbox } from '../db/schema';
import type { MailPayload } from '../lib/mail/mail-delivery';
import type { OutboxRow } from '../lib/outbox/outbox';

/** An outbox row of the mail topic, with its mail's fields beside the row's own. */
export type MailRow = OutboxRow & MailPayload;

/** The mail queued to an address (delivered or not), oldest first. */
export async function mailRowsTo(db: Database, to: string): Promise<MailRow[]> {
  const rows = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.topic, 'mail'), sql`${outbox.payload} ->> 'to' = ${to}`))
    .orderBy(outbox.seq);
  return rows.map((row) => ({ ...row, ...(row.payload as unknown as MailPayload) }));
}

/** The values of a mail row written straight into the outbox, for tests that fill it themselves. */
export function mailRowValues(
  mail: MailPayload,
  row: Partial<Pick<OutboxRow, 'status' | 'createdAt' | 'sentAt'>> = {},
): typeof outbox.$inferInsert {
  return { topic: 'mail', payload: { ...mail }, ...row };
}
