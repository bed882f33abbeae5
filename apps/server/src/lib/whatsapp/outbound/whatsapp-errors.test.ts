import { describe, expect, it } from 'vitest';
import { WhatsAppApiError } from '../whatsapp-api';
import { failureReason, FinalFailure, isRetryableWhatsAppError, whatsappRetryDelayMs } from './whatsapp-errors';

const refused = (code: number, httpStatus = 400) =>
  new WhatsAppApiError(`refused ${code}`, { httpStatus, code, title: 'Title', detail: 'Details' });

describe('which WhatsApp failures are retried', () => {
  it('retries no answer, 5xx, rate limits and passing trouble; never the permanent refusals', () => {
    const retried = [
      new WhatsAppApiError('no answer', { outcomeUnknown: false }),
      new WhatsAppApiError('proxy page', { httpStatus: 502 }),
      refused(131000, 500),
      refused(130429),
      refused(131056),
      refused(131057),
      new Error('database hiccup'),
    ];
    const never = [
      refused(131047),
      refused(131026),
      refused(131049),
      refused(132000),
      refused(131047, 500),
      refused(100),
      new WhatsAppApiError('bad token', { httpStatus: 401, code: 190 }),
      new FinalFailure('decided'),
    ];
    expect(retried.map(isRetryableWhatsAppError)).toEqual(retried.map(() => true));
    expect(never.map(isRetryableWhatsAppError)).toEqual(never.map(() => false));
  });

  it('backs off from the pair rate limit 4^X seconds (X = attempts − 1), capped at an hour; else the policy', () => {
    expect([1, 2, 3, 4, 9].map((attempts) => whatsappRetryDelayMs(refused(131056), attempts))).toEqual([
      1000, 4000, 16_000, 64_000, 3_600_000,
    ]);
    expect(whatsappRetryDelayMs(refused(131057), 1)).toBe(60_000);
    expect(whatsappRetryDelayMs(refused(131000, 500), 1)).toBeUndefined();
    expect(whatsappRetryDelayMs(new Error('other'), 1)).toBeUndefined();
  });

  it('says why, code first, at most 500 characters', () => {
    expect(failureReason(refused(131047))).toBe('131047 Title: Details');
    expect(failureReason(new FinalFailure('internal', 'Shown to the coach'))).toBe('Shown to the coach');
    expect(failureReason(new Error('x'.repeat(600)))).toHaveLength(500);
  });
});
