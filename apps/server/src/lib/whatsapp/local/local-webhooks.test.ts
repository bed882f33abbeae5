import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeService } from '../../../test-support/fakes/fake-service';
import { startHttpFake, type HttpAnswer, type HttpFake, type HttpRequest } from '../../../test-support/fakes/http-fake';
import { hmacHeaderVerifier } from '../../webhooks/hmac-verifier';
import { deliverWebhook } from './deliver-webhook';
import { messageEnvelope, statusEnvelope } from './webhook-envelopes';

/**
 * What the /dev/whatsapp phone puts on the wire: Meta's envelopes, in Meta's
 * escaped-unicode form, signed over exactly those bytes, so the endpoint's
 * verifier (the one production uses for Meta) accepts them as they arrive and
 * refuses them re-serialised.
 */
const APP_SECRET = 'local-app-secret-for-the-test';
const business = { phoneNumberId: 'local', displayPhoneNumber: '447700900000' };
/** Accented, emoji and right-to-left text: what breaks a receiver that re-serialises before verifying. */
const TEXT = 'äöå, ça va? 🌿 مرحبا';

const endpoint = new FakeService<HttpRequest, HttpAnswer>();
let receiver: HttpFake;
beforeAll(async () => {
  receiver = await startHttpFake(endpoint, { record: (req) => req, answer: () => ({ status: 200, body: 'ok' }) });
});
afterAll(() => receiver.close());

const verifier = hmacHeaderVerifier({ header: 'x-hub-signature-256', secret: APP_SECRET, prefix: 'sha256=' });
const verifies = (body: Uint8Array, headers: HttpRequest['headers']) =>
  verifier.verify(body, (name) => headers[name.toLowerCase()] as string | undefined);

describe("the phone's webhooks", () => {
  it('are signed over the escaped-unicode bytes sent, as Meta signs', async () => {
    const sentAt = new Date('2026-11-26T10:00:00.900Z');
    const envelope = messageEnvelope(business, 'Zoë 🌿', {
      id: 'wamid.local.1',
      from: '447700900123',
      sentAt,
      type: 'text',
      body: TEXT,
    });

    const outcome = await deliverWebhook(`${receiver.url}/api/webhooks/whatsapp`, APP_SECRET, envelope);
    expect(outcome).toEqual({ status: 200 });
    const [request] = endpoint.requests.splice(0);
    expect(request).toMatchObject({ method: 'POST', path: '/api/webhooks/whatsapp' });
    expect(request!.headers['content-type']).toBe('application/json');

    // Every byte is ASCII: the accents, the emoji (as its two UTF-16 halves) and the Arabic are \u escapes.
    const raw = request!.body.toString('latin1');
    expect(raw).toMatch(/^[\x20-\x7e]+$/);
    expect(raw).toContain(
      '"body":"\\u00e4\\u00f6\\u00e5, \\u00e7a va? \\ud83c\\udf3f \\u0645\\u0631\\u062d\\u0628\\u0627"',
    );
    expect(raw).toContain('"name":"Zo\\u00eb \\ud83c\\udf3f"');
    expect(JSON.parse(request!.body.toString('utf8'))).toEqual(envelope);

    expect(await verifies(request!.body, request!.headers)).toBe(true);
    // The same JSON re-serialised (the escapes turned back into UTF-8) does not verify: a receiver must hash the bytes.
    const reserialised = Buffer.from(JSON.stringify(JSON.parse(request!.body.toString('utf8'))));
    expect(reserialised.equals(request!.body)).toBe(false);
    expect(await verifies(reserialised, request!.headers)).toBe(false);
    // Nor does a signature made with another secret.
    const forged = hmacHeaderVerifier({ header: 'x-hub-signature-256', secret: 'another secret', prefix: 'sha256=' });
    expect(await forged.verify(request!.body, (name) => request!.headers[name] as string)).toBe(false);

    expect(envelope).toEqual({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: 'local-waba',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '447700900000', phone_number_id: 'local' },
                contacts: [{ profile: { name: 'Zoë 🌿' }, wa_id: '447700900123', user_id: 'ZZ.447700900123' }],
                messages: [
                  {
                    from: '447700900123',
                    from_user_id: 'ZZ.447700900123',
                    id: 'wamid.local.1',
                    // Unix seconds, as a string.
                    timestamp: String(Math.floor(sentAt.getTime() / 1000)),
                    type: 'text',
                    text: { body: TEXT },
                  },
                ],
              },
            },
          ],
        },
      ],
    });
  });

  it('carry a voice note as Meta does, and the receipts of the business’s messages', async () => {
    const sentAt = new Date('2026-11-26T10:00:00Z');
    const voice = messageEnvelope(business, 'Sam', {
      id: 'wamid.local.2',
      from: '447700900123',
      sentAt,
      type: 'audio',
      mediaId: '3f2c6a56-4c52-4d5f-9a0e-7b1d2c3e4f50',
      mimeType: 'audio/ogg; codecs=opus',
      sha256: 'n4bQgYhMfWWaL+qgxVrQFaO/TxsrC4Is0V1sFbDwCgg=',
    });
    expect(voice.entry[0]!.changes[0]!.value).toMatchObject({
      messages: [
        {
          type: 'audio',
          audio: {
            id: '3f2c6a56-4c52-4d5f-9a0e-7b1d2c3e4f50',
            mime_type: 'audio/ogg; codecs=opus',
            sha256: 'n4bQgYhMfWWaL+qgxVrQFaO/TxsrC4Is0V1sFbDwCgg=',
            voice: true,
          },
        },
      ],
    });

    const receipts = statusEnvelope(business, [
      { id: 'wamid.local.3', status: 'read', at: sentAt, recipient: '447700900123', first: true },
      { id: 'wamid.local.4', status: 'read', at: sentAt, recipient: '447700900123', first: false },
    ]);
    expect(receipts.entry[0]!.changes[0]!.value).toEqual({
      messaging_product: 'whatsapp',
      metadata: { display_phone_number: '447700900000', phone_number_id: 'local' },
      statuses: [
        {
          id: 'wamid.local.3',
          status: 'read',
          timestamp: String(sentAt.getTime() / 1000),
          recipient_id: '447700900123',
          // A message's first receipt carries the pricing, as Meta's delivered (or read, delivered skipped) does.
          pricing: { billable: false, pricing_model: 'PMP', type: 'free_customer_service', category: 'service' },
        },
        {
          id: 'wamid.local.4',
          status: 'read',
          timestamp: String(sentAt.getTime() / 1000),
          recipient_id: '447700900123',
        },
      ],
    });
  });
});
