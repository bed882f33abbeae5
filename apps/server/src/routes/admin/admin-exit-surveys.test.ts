import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exitIntentSurveys } from '../../db/schema';
import { answer, type TestClient } from '../../test-support/test-client';
import { startTestServer, type TestServer } from '../../test-support/test-server';

let server: TestServer;
let admin: TestClient;
let member: TestClient;

const SOURCE = 'test';
const surveys = [
  {
    createdAt: new Date('2026-11-20T09:05:00Z'),
    name: 'Priya Plain',
    email: 'priya@example.com',
    willingnessToPay: 'yes' as const,
    chatPreference: 'yes' as const,
    reason: null,
  },
  {
    createdAt: new Date('2026-11-21T23:30:00Z'),
    name: '=HYPERLINK("http://evil.example","Click")',
    email: 'mallory@example.com',
    willingnessToPay: 'maybe' as const,
    chatPreference: null,
    reason: 'Too dear, for now; "maybe" later\nwhen paid',
  },
  {
    createdAt: new Date('2026-11-22T12:00:00Z'),
    name: 'Zoë Ångström',
    email: 'zoe@example.com',
    willingnessToPay: 'no' as const,
    chatPreference: 'no' as const,
    reason: '@SUM(1+1)',
  },
];

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'survey-admin@example.com' });
  admin = server.client();
  await admin.signUp('survey-admin@example.com');
  member = server.client();
  await member.signUp('survey-member@example.com');
});
afterAll(() => server.close());

describe('GET /api/admin/exit-surveys', () => {
  it('answers zero counts and no rows before any survey', async () => {
    const res = await answer(admin.api.admin['exit-surveys'].$get({ query: {} }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      items: [],
      total: 0,
      page: 1,
      page_size: 20,
      would_pay: 0,
      maybe: 0,
      not_interested: 0,
    });
  });

  it('counts every answer by willingness and lists them newest first, a page at a time', async () => {
    await server.database.db.insert(exitIntentSurveys).values(surveys.map((s) => ({ ...s, source: SOURCE })));
    const res = await answer(admin.api.admin['exit-surveys'].$get({ query: { page_size: '2' } }));
    expect(res.body).toMatchObject({ total: 3, would_pay: 1, maybe: 1, not_interested: 1, page: 1, page_size: 2 });
    expect(res.body.items.map((s) => s.email)).toEqual(['zoe@example.com', 'mallory@example.com']);
    expect(res.body.items[1]).toMatchObject({
      created_at: '2026-11-21T23:30:00.000Z',
      willingness_to_pay: 'maybe',
      chat_preference: null,
      reason: 'Too dear, for now; "maybe" later\nwhen paid',
    });
    const second = await answer(admin.api.admin['exit-surveys'].$get({ query: { page: '2', page_size: '2' } }));
    expect(second.body.items.map((s) => s.email)).toEqual(['priya@example.com']);
    expect(second.body.total).toBe(3);
  });

  it('refuses bad paging', async () => {
    const res = await answer(admin.api.admin['exit-surveys'].$get({ query: { page_size: '0' } }));
    expect(res.status).toBe(400);
    expect(res.error.fieldErrors!.page_size).toEqual(['Page size must be between 1 and 100']);
  });
});

describe('GET /api/admin/exit-surveys/export', () => {
  it('downloads every answer as a UTF-8 CSV with a BOM, RFC 4180 quoting and formulas neutralised', async () => {
    // The response itself, not answer(): the test reads the bytes.
    const res = await admin.api.admin['exit-surveys'].export.$get({ query: { tz: 'Europe/London' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="exit-surveys-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(
      '\uFEFF' +
        'Date,Name,Email,Willingness to Pay,Chat Preference,Reason\r\n' +
        "2026-11-22 12:00,Zoë Ångström,zoe@example.com,no,no,'@SUM(1+1)\r\n" +
        '2026-11-21 23:30,"\'=HYPERLINK(""http://evil.example"",""Click"")",mallory@example.com,maybe,N/A,' +
        '"Too dear, for now; ""maybe"" later\nwhen paid"\r\n' +
        '2026-11-20 09:05,Priya Plain,priya@example.com,yes,yes,N/A\r\n',
    );
  });

  it('writes dates in the admin’s time zone', async () => {
    const res = await answer(admin.api.admin['exit-surveys'].export.$get({ query: { tz: 'Asia/Tokyo' } }));
    expect(String(res.body)).toContain('2026-11-22 08:30,"\'=HYPERLINK');
  });

  it('refuses an unknown time zone', async () => {
    const res = await answer(admin.api.admin['exit-surveys'].export.$get({ query: { tz: 'Mars/Olympus' } }));
    expect(res.status).toBe(400);
    expect(res.error.fieldErrors).toEqual({ tz: ['Unknown time zone'] });
  });

  it('neutralises formulas a spreadsheet splitting on ";", tab or line breaks would find inside a cell', async () => {
    await server.database.db.insert(exitIntentSurveys).values({
      createdAt: new Date('2026-11-23T08:00:00Z'),
      name: 'Sam\t+SUM(A1)',
      email: 'sam@example.com',
      willingnessToPay: 'maybe',
      chatPreference: 'no',
      reason: 'x;=1+1; "@cmd" and\n-2+3',
      source: SOURCE,
    });
    const res = await answer(admin.api.admin['exit-surveys'].export.$get({ query: { tz: 'UTC' } }));
    expect(res.status).toBe(200);
    const csv = String(res.body);
    expect(csv).toContain('sam@example.com');
    // A reader that splits on ';' or tab and on every line break, honouring no quote
    // (a field that does not start with one), as Excel does in much of Europe.
    for (const separator of [';', '\t']) {
      for (const line of csv.split(/\r\n|\r|\n/)) {
        for (const cell of line.split(separator)) {
          expect(cell.replace(/^[ "]+/, ''), `a cell of ${JSON.stringify(line)}`).not.toMatch(/^[=+\-@]/);
        }
      }
    }
  });

  it('is for admins only, like the list', async () => {
    for (const call of [
      (c: TestClient) => answer(c.api.admin['exit-surveys'].$get({ query: {} })),
      (c: TestClient) => answer(c.api.admin['exit-surveys'].export.$get({ query: {} })),
    ]) {
      const refused = await call(member);
      expect(refused.status).toBe(403);
      expect(JSON.stringify(refused.body)).not.toContain('mallory');
      expect((await call(server.client())).status).toBe(401);
    }
  });
});
