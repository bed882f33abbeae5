import { MAX_FAILURE_REASON_LENGTH } from '@app/shared';
import { WhatsAppApiError } from '../whatsapp-api';

/**
 * Which WhatsApp failures are worth another attempt, and when (decision 056,
 * from Meta's error-code table). The outbox's deliverers for the `whatsapp`
 * and `whatsapp_media` topics answer the worker with these.
 */

/** Worth retrying: rate limits (130429, 131056), "something went wrong" (131000), a number being upgraded (131057). */
const RETRYABLE_CODES = new Set([130429, 131000, 131056, 131057]);
/** The pair rate limit: at most one message every 6 s to one person, bursts borrowed from later. */
export const PAIR_RATE_LIMIT_CODE = 131056;
const NUMBER_UPGRADING_CODE = 131057;

/**
 * A failure that must not be tried again, whatever it wraps: the deliverer
 * decided (the outcome of an earlier attempt is unknown, a file is too large,
 * a read receipt is stale).
 */
export class FinalFailure extends Error {
  constructor(
    message: string,
    /** What to show (the message's failure_reason); defaults to the message. */
    readonly reason: string = message,
  ) {
    super(message);
  }
}

/**
 * Network errors (no answer), 5xx, and the codes above are worth retrying;
 * every other refusal (131047 outside the window, 131026 undeliverable,
 * 131049 held back by Meta, 132000 a template's parameters, any other 4xx)
 * will be refused again and fails at once.
 */
export function isRetryableWhatsAppError(error: unknown): boolean {
  if (error instanceof FinalFailure) return false;
  if (!(error instanceof WhatsAppApiError)) return true;
  const { code, httpStatus } = error.details;
  if (code !== undefined && RETRYABLE_CODES.has(code)) return true;
  if (httpStatus === undefined) return true;
  if (httpStatus >= 500) return code === undefined || !isKnownPermanent(code);
  return false;
}

/** Codes that are permanent even when Meta answers them with a 5xx status. */
const isKnownPermanent = (code: number) => [131026, 131047, 131049, 132000].includes(code);

const SECOND = 1000;
const HOUR = 60 * 60 * SECOND;

/**
 * Meta says how to back off from the pair rate limit: 4^X seconds, X
 * starting at 0 and growing with each failure (1 s, 4 s, 16 s, …), here
 * capped at an hour; a number being upgraded: about a minute. Anything else:
 * undefined, the outbox's own policy.
 */
export function whatsappRetryDelayMs(error: unknown, attempts: number): number | undefined {
  if (!(error instanceof WhatsAppApiError)) return undefined;
  if (error.details.code === PAIR_RATE_LIMIT_CODE) {
    return Math.min(4 ** Math.min(Math.max(attempts - 1, 0), 10) * SECOND, HOUR);
  }
  if (error.details.code === NUMBER_UPGRADING_CODE) return 60 * SECOND;
  return undefined;
}

/**
 * The failure as a message's `failure_reason` and the `message_status`
 * event's reason: Meta's code and title first (what the coach and any
 * support search need), then its details, at most MAX_FAILURE_REASON_LENGTH.
 */
export function failureReason(error: unknown): string {
  let reason: string;
  if (error instanceof FinalFailure) reason = error.reason;
  else if (error instanceof WhatsAppApiError && error.details.code !== undefined) {
    const { code, title, detail } = error.details;
    reason = [code, title ?? 'refused by WhatsApp'].join(' ') + (detail ? `: ${detail}` : '');
  } else if (error instanceof Error) reason = error.message;
  else reason = String(error);
  return (reason.trim() || 'Not delivered').slice(0, MAX_FAILURE_REASON_LENGTH);
}
