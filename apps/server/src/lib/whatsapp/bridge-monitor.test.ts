import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { captureLogs, LOG_LEVEL } from '../../test-support/captured-logs';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { createBridgeMonitor } from './bridge-monitor';

/**
 * The bridge's watch on what Meta never reports (decision 056), on a real
 * database: rows are written as the outbox and the inbound ledger write them.
 * Sends are written already sent or not yet due, so the server's own outbox
 * worker leaves them alone.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const alerts = (entries: { level: number; alert?: unknown; resolved?: unknown }[]) =>
  entries.filter((e) => e.level === LOG_LEVEL.error && e.alert).map((e) => e.alert);

describe('the WhatsApp bridge monitor', () => {
  it('alerts once when sends succeed but no webhook comes, and clears when one does', async () => {
    const { db } = server.database;
    const logs = captureLogs();
    const monitor = createBridgeMonitor({
      db,
      bridge: { mode: 'cloud' },
      logger: logs.logger,
      silenceAlertHours: 2,
      intervalMs: 60 * 60_000,
    });
    try {
      // Nothing sent, nothing received: a quiet bridge is a healthy one.
      await monitor.check();
      expect(monitor.state()).toBe('ok');

      await db.execute(sql`
        insert into outbox (topic, payload, status, sent_at)
        values ('whatsapp', '{"kind":"reply"}', 'sent', now() - interval '10 minutes')`);
      await db.execute(sql`
        insert into inbound_events (provider, event_id, type, received_at, processed_at)
        values ('whatsapp', 'message:wamid.old', 'message', now() - interval '3 hours', now() - interval '3 hours')`);
      await monitor.check();
      await monitor.check();
      expect(monitor.state()).toBe('degraded');
      expect(alerts(logs.entries)).toEqual(['whatsapp_inbound_silent']);

      await db.execute(sql`
        insert into inbound_events (provider, event_id, type, processed_at)
        values ('whatsapp', 'message:wamid.new', 'message', now())`);
      await monitor.check();
      expect(monitor.state()).toBe('ok');
      expect(logs.entries.some((e) => e.alert === 'whatsapp_inbound_silent' && e.resolved === true)).toBe(true);

      // A reply waiting for a quarter of an hour (not due: the worker leaves it) is a stuck send.
      await db.execute(sql`
        insert into outbox (topic, payload, created_at, next_attempt_at)
        values ('whatsapp', '{"kind":"reply"}', now() - interval '20 minutes', now() + interval '1 hour')`);
      await monitor.check();
      expect(monitor.state()).toBe('degraded');
      expect(alerts(logs.entries)).toEqual(['whatsapp_inbound_silent', 'whatsapp_sends_stuck']);
    } finally {
      monitor.close();
      await db.execute(sql`delete from outbox where topic = 'whatsapp'`);
      await db.execute(sql`delete from inbound_events where provider = 'whatsapp'`);
    }
  });

  it('reports off and local without alerting about a bridge that is not there', async () => {
    const logs = captureLogs();
    const off = createBridgeMonitor({
      db: server.database.db,
      bridge: { mode: 'off' },
      logger: logs.logger,
      silenceAlertHours: 1,
    });
    expect(off.state()).toBe('off');
    expect(await off.check()).toBeNull();
    off.close();
    const health = (await fetch(`${server.url}/api/health`).then((res) => res.json())) as { whatsapp: string };
    expect(health.whatsapp).toBe('local');
  });
});
