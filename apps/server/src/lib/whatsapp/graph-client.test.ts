import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../env';
import { captureLogs } from '../../test-support/captured-logs';
import { freePort } from '../../test-support/free-port';
import {
  FAKE_WHATSAPP_ENV,
  graphError,
  startFakeGraphApi,
  type FakeGraphApi,
} from '../../test-support/fakes/fake-whatsapp/graph-api';
import { createGraphClient } from './graph-client';
import { WhatsAppApiError } from './whatsapp-api';

/** The Graph client's failures as the outbox reads them, against the fake Graph API. */

let fake: FakeGraphApi;
beforeAll(async () => {
  fake = await startFakeGraphApi();
});
afterAll(() => fake?.close());
beforeEach(() => {
  fake.service.reset();
});

function client(graphApiUrl = fake.url, timeoutMs = 10_000) {
  const settings = loadConfig({ ...FAKE_WHATSAPP_ENV, WHATSAPP_GRAPH_API_URL: graphApiUrl }).whatsapp;
  if (settings.mode !== 'cloud') throw new Error('expected the cloud bridge');
  return createGraphClient(settings, captureLogs('silent').logger, { timeoutMs });
}

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(WhatsAppApiError);
      return (error as WhatsAppApiError).details;
    },
  );

const to = { waId: '447700900123', bsuid: null };

describe('the Graph API client', () => {
  it('reads Graph’s error object: code, title, details and trace id', async () => {
    fake.service.answerNext(fake.messagesRoute, graphError(131026, { details: 'Receiver is incapable' }));
    expect(await failureOf(client().sendText(to, 'Hi'))).toMatchObject({
      httpStatus: 400,
      code: 131026,
      title: 'Message undeliverable',
      detail: 'Receiver is incapable',
      fbtraceId: expect.stringMatching(/^AFakeTrace/),
    });
  });

  it('calls a timeout after sending an unknown outcome, and a refused connection not sent', async () => {
    fake.service.answerNext(fake.messagesRoute, { delayMs: 500 });
    expect(await failureOf(client(fake.url, 100).sendText(to, 'Hi'))).toMatchObject({ outcomeUnknown: true });
    const nobody = `http://127.0.0.1:${await freePort()}`;
    expect(await failureOf(client(nobody).sendText(to, 'Hi'))).toMatchObject({ outcomeUnknown: false });
  });

  it('marks read with the typing indicator when asked', async () => {
    await client().markRead('wamid.abc', { typing: true });
    await client().markRead('wamid.def');
    expect(fake.readReceipts.slice(-2)).toEqual([
      { messageId: 'wamid.abc', typing: true },
      { messageId: 'wamid.def', typing: false },
    ]);
  });
});
