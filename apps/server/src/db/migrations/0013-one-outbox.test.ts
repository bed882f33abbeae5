import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { databaseBefore } from '../../test-support/migrations-before';

/**
 * Migration 0013 on a database the app filled before it: mail_outbox's rows
 * become the outbox's mail topic and processed_payment_events' rows the
 * inbound ledger's, with nothing lost, and the old tables go.
 */
let database: Awaited<ReturnType<typeof databaseBefore>>;
beforeAll(async () => {
  database = await databaseBefore('one_outbox');
  const q = database.query;
  await q(sql`insert into users (id, name, email) values ('user-1', 'Ada', 'ada@example.com')`);
  await q(sql`
    insert into mail_outbox (id, "to", subject, text, html, status, attempts, next_attempt_at, last_error, created_at, sent_at, user_id)
    values
      ('00000000-0000-4000-8000-000000000001', 'ada@example.com', 'Confirm', 'Confirm: https://x/a', '<p>Confirm</p>',
       'pending', 2, '2030-01-01T10:00:00Z', 'connect ECONNREFUSED', '2029-12-31T09:00:00Z', null, 'user-1'),
      ('00000000-0000-4000-8000-000000000002', 'bob@example.com', 'Reset', 'Reset: https://x/b', '<p>Reset</p>',
       'sent', 1, '2029-12-30T10:00:00Z', null, '2029-12-30T09:00:00Z', '2029-12-30T09:00:05Z', null),
      ('00000000-0000-4000-8000-000000000003', 'gone@example.com', 'Bye', 'Bye', '<p>Bye</p>',
       'failed', 30, '2029-12-29T10:00:00Z', '550 no such user', '2029-12-28T09:00:00Z', null, null)`);
  await q(sql`
    insert into processed_payment_events (id, provider, type, received_at, refused_reason)
    values ('evt_1', 'stripe', 'invoice.paid', '2029-12-01T08:00:00Z', null),
           ('evt_2', 'stripe', 'customer.subscription.updated', '2029-12-02T08:00:00Z', 'unreadable fields: data.object.items'),
           ('local_checkout_9', 'local', 'checkout.paid', '2029-12-03T08:00:00Z', null)`);
  await database.migrateRest();
});
afterAll(() => database?.close());

const iso = (value: unknown) => new Date(value as string).toISOString();

describe('migration 0013', () => {
  it('moves every mail with its id, state, attempts, times, account and content', async () => {
    const rows = await database.query<Record<string, unknown>>(sql`
      select id, topic, payload, status, attempts, next_attempt_at, last_error, created_at, sent_at, user_id, ordering_key
      from outbox order by seq`);
    expect(
      rows.map((r) => ({
        ...r,
        next_attempt_at: iso(r.next_attempt_at),
        created_at: iso(r.created_at),
        sent_at: r.sent_at && iso(r.sent_at),
      })),
    ).toEqual([
      {
        id: '00000000-0000-4000-8000-000000000003',
        topic: 'mail',
        payload: { to: 'gone@example.com', subject: 'Bye', text: 'Bye', html: '<p>Bye</p>' },
        status: 'failed',
        attempts: 30,
        next_attempt_at: '2029-12-29T10:00:00.000Z',
        last_error: '550 no such user',
        created_at: '2029-12-28T09:00:00.000Z',
        sent_at: null,
        user_id: null,
        ordering_key: null,
      },
      {
        id: '00000000-0000-4000-8000-000000000002',
        topic: 'mail',
        payload: { to: 'bob@example.com', subject: 'Reset', text: 'Reset: https://x/b', html: '<p>Reset</p>' },
        status: 'sent',
        attempts: 1,
        next_attempt_at: '2029-12-30T10:00:00.000Z',
        last_error: null,
        created_at: '2029-12-30T09:00:00.000Z',
        sent_at: '2029-12-30T09:00:05.000Z',
        user_id: null,
        ordering_key: null,
      },
      {
        id: '00000000-0000-4000-8000-000000000001',
        topic: 'mail',
        payload: { to: 'ada@example.com', subject: 'Confirm', text: 'Confirm: https://x/a', html: '<p>Confirm</p>' },
        status: 'pending',
        attempts: 2,
        next_attempt_at: '2030-01-01T10:00:00.000Z',
        last_error: 'connect ECONNREFUSED',
        created_at: '2029-12-31T09:00:00.000Z',
        sent_at: null,
        user_id: 'user-1',
        ordering_key: null,
      },
    ]);
  });

  it('keeps every handled payment event handled, refused ones with their reason', async () => {
    const rows = await database.query<Record<string, unknown>>(sql`
      select provider, event_id, type, payload, received_at, processed_at, refused_reason
      from inbound_events order by event_id`);
    expect(rows.map((r) => ({ ...r, received_at: iso(r.received_at), processed_at: iso(r.processed_at) }))).toEqual([
      {
        provider: 'stripe',
        event_id: 'evt_1',
        type: 'invoice.paid',
        payload: null,
        received_at: '2029-12-01T08:00:00.000Z',
        processed_at: '2029-12-01T08:00:00.000Z',
        refused_reason: null,
      },
      {
        provider: 'stripe',
        event_id: 'evt_2',
        type: 'customer.subscription.updated',
        payload: null,
        received_at: '2029-12-02T08:00:00.000Z',
        processed_at: '2029-12-02T08:00:00.000Z',
        refused_reason: 'unreadable fields: data.object.items',
      },
      {
        provider: 'local',
        event_id: 'local_checkout_9',
        type: 'checkout.paid',
        payload: null,
        received_at: '2029-12-03T08:00:00.000Z',
        processed_at: '2029-12-03T08:00:00.000Z',
        refused_reason: null,
      },
    ]);
  });

  it('drops the old tables, and keeps the account link: deleting the account deletes its mail', async () => {
    const old = await database.query<{ name: string | null }>(
      sql`select to_regclass('mail_outbox')::text as name union all select to_regclass('processed_payment_events')::text`,
    );
    expect(old).toEqual([{ name: null }, { name: null }]);
    await database.query(sql`delete from users where id = 'user-1'`);
    const left = await database.query<{ id: string }>(sql`select id from outbox order by seq`);
    expect(left.map((r) => r.id)).toEqual([
      '00000000-0000-4000-8000-000000000003',
      '00000000-0000-4000-8000-000000000002',
    ]);
  });
});
