import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hmacHeaderVerifier } from './hmac-verifier';
import { secretKey, signStandardWebhook, standardWebhookVerifier } from './standard-webhooks';

const bytes = (text: string) => new TextEncoder().encode(text);
const headersOf = (headers: Record<string, string>) => (name: string) => headers[name.toLowerCase()];

describe('Standard Webhooks', () => {
  // The example of the scheme's reference libraries: secret, message id, timestamp, body and signature.
  const example = {
    secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
    timestamp: 1614265330,
    body: '{"test": 2432232314}',
    signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
  };
  const at = (seconds: number) => () => seconds * 1000;

  it('signs the reference example as the reference libraries do', () => {
    expect(signStandardWebhook(example.secret, example)).toEqual({
      'webhook-id': example.id,
      'webhook-timestamp': String(example.timestamp),
      'webhook-signature': example.signature,
    });
  });

  it('verifies the reference example, and refuses it changed in any part', async () => {
    const verifier = standardWebhookVerifier(example.secret, { now: at(example.timestamp + 10) });
    const headers = {
      'webhook-id': example.id,
      'webhook-timestamp': String(example.timestamp),
      'webhook-signature': example.signature,
    };
    expect(await verifier.verify(bytes(example.body), headersOf(headers))).toBe(true);
    expect(await verifier.verify(bytes('{"test": 2432232315}'), headersOf(headers))).toBe(false);
    expect(await verifier.verify(bytes(example.body), headersOf({ ...headers, 'webhook-id': 'msg_other' }))).toBe(
      false,
    );
    const later = { ...headers, 'webhook-timestamp': String(example.timestamp + 1) };
    expect(await verifier.verify(bytes(example.body), headersOf(later))).toBe(false);
    for (const missing of Object.keys(headers)) {
      const without = Object.fromEntries(Object.entries(headers).filter(([name]) => name !== missing));
      expect(await verifier.verify(bytes(example.body), headersOf(without)), missing).toBe(false);
    }
  });

  it('refuses a timestamp more than five minutes from its clock, either way', async () => {
    const signed = signStandardWebhook(example.secret, example);
    const verifyAt = (seconds: number) =>
      standardWebhookVerifier(example.secret, { now: at(seconds) }).verify(bytes(example.body), headersOf(signed));
    expect(await verifyAt(example.timestamp + 300)).toBe(true);
    expect(await verifyAt(example.timestamp - 300)).toBe(true);
    expect(await verifyAt(example.timestamp + 301)).toBe(false);
    expect(await verifyAt(example.timestamp - 301)).toBe(false);
  });

  it('takes any one of several signatures (a secret being rotated), and no other version', async () => {
    const verifier = standardWebhookVerifier(example.secret, { now: at(example.timestamp) });
    const headers = (signature: string) =>
      headersOf({
        'webhook-id': example.id,
        'webhook-timestamp': String(example.timestamp),
        'webhook-signature': signature,
      });
    const other = `v1,${createHmac('sha256', 'another key').update('x').digest('base64')}`;
    expect(await verifier.verify(bytes(example.body), headers(`${other} ${example.signature}`))).toBe(true);
    expect(await verifier.verify(bytes(example.body), headers(other))).toBe(false);
    expect(await verifier.verify(bytes(example.body), headers(example.signature.replace('v1,', 'v2,')))).toBe(false);
    expect(await verifier.verify(bytes(example.body), headers('v1,not base64!'))).toBe(false);
  });

  it('reads only whsec_ secrets with enough key in base64', () => {
    expect(secretKey(example.secret)).toHaveLength(24);
    expect(secretKey('MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw')).toBeUndefined();
    expect(secretKey('whsec_c2hvcnQ=')).toBeUndefined();
    expect(secretKey('whsec_not*base64*at*all*but*long*enough')).toBeUndefined();
  });
});

describe('an HMAC header verifier', () => {
  // Meta's X-Hub-Signature-256 (the WhatsApp Cloud API): sha256=<lowercase hex> over the raw bytes,
  // which Meta sends with non-ASCII characters as \u escapes.
  const secret = 'meta-app-secret';
  const raw = bytes('{"entry":[{"text":"\\u00e4\\u00f6\\u00e5"}]}');
  const digest = createHmac('sha256', secret).update(raw).digest('hex');
  const verifier = hmacHeaderVerifier({ header: 'x-hub-signature-256', secret, prefix: 'sha256=' });
  const verify = (value: string | undefined, body = raw) =>
    verifier.verify(body, (name) => (name === 'x-hub-signature-256' ? value : undefined));

  it('accepts the digest of the exact bytes received', async () => {
    expect(await verify(`sha256=${digest}`)).toBe(true);
    expect(await verify(`sha256=${digest.toUpperCase()}`)).toBe(true);
    expect(verifier.description).toBe('x-hub-signature-256 (HMAC-SHA256, sha256= hex)');
  });

  it('refuses the same text re-serialised, a missing or wrong prefix, and an altered digest', async () => {
    // The decoded form of the same JSON: what a server that parsed and re-serialised the body would sign.
    expect(await verify(`sha256=${digest}`, bytes(JSON.stringify(JSON.parse(new TextDecoder().decode(raw)))))).toBe(
      false,
    );
    expect(await verify(undefined)).toBe(false);
    expect(await verify(digest)).toBe(false);
    expect(await verify(`sha1=${digest}`)).toBe(false);
    expect(await verify(`sha256=${digest.slice(0, -1)}`)).toBe(false);
    expect(await verify(`sha256=${digest.slice(0, -2)}zz`)).toBe(false);
    expect(await verify(`sha256=${digest}00`)).toBe(false);
  });

  it('reads base64 digests and other hashes when the sender uses them', async () => {
    const sha1 = hmacHeaderVerifier({ header: 'x-signature', secret, algorithm: 'sha1', encoding: 'base64' });
    const value = createHmac('sha1', secret).update(raw).digest('base64');
    expect(await sha1.verify(raw, () => value)).toBe(true);
    expect(await sha1.verify(raw, () => createHmac('sha256', secret).update(raw).digest('base64'))).toBe(false);
  });
});
