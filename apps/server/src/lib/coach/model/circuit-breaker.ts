import type { CoachModel, CompletionOutcome, TranscriptionOutcome } from './model-types';

/**
 * Stops calling a language model that keeps failing (decision 057). Every
 * call to a provider that is down costs the member the whole timeout before
 * the scripted coach answers; after `failureThreshold` failures in a row the
 * breaker opens and calls fail at once ("circuit open") for `coolDownMs`.
 * Then it half-opens: one trial call goes through; its success closes the
 * breaker, its failure opens it for another cool-down.
 *
 * Only `unavailable` is a failure. A refusal, a content filter, an empty or
 * cut-off answer mean the provider is up (the safety screening reads them as
 * risk signals), and a call the caller aborted says nothing about the provider.
 */

export type CircuitState = 'closed' | 'open' | 'half_open';

export interface CircuitBreakerOptions {
  /** Failures in a row that open the breaker. */
  failureThreshold: number;
  /** How long it stays open before a trial call. */
  coolDownMs: number;
  /** The clock, in milliseconds (tests pass their own). */
  now?: () => number;
}

export const DEFAULT_BREAKER_OPTIONS = { failureThreshold: 5, coolDownMs: 30_000 } as const;

export class CircuitBreaker {
  private consecutiveFailures = 0;
  private openedAt: number | null = null;
  private trialInFlight = false;
  private readonly now: () => number;

  constructor(private readonly options: CircuitBreakerOptions = DEFAULT_BREAKER_OPTIONS) {
    this.now = options.now ?? Date.now;
  }

  /** For health checks: `open` while cooling down, `half_open` once a trial call may (or does) go through. */
  get state(): CircuitState {
    if (this.openedAt === null) return 'closed';
    return this.now() - this.openedAt >= this.options.coolDownMs ? 'half_open' : 'open';
  }

  /**
   * Whether a call may go ahead now. In the half-open state only one call
   * (the trial) is let through until it ends; the caller must then report it
   * with `succeeded`, `failed` or `abandoned`.
   */
  tryAcquire(): boolean {
    const state = this.state;
    if (state === 'closed') return true;
    if (state === 'open' || this.trialInFlight) return false;
    this.trialInFlight = true;
    return true;
  }

  succeeded(): void {
    this.consecutiveFailures = 0;
    this.openedAt = null;
    this.trialInFlight = false;
  }

  failed(): void {
    this.consecutiveFailures++;
    // A failed trial reopens at once; a closed breaker opens at the threshold.
    if (this.trialInFlight || this.consecutiveFailures >= this.options.failureThreshold) {
      this.openedAt = this.now();
    }
    this.trialInFlight = false;
  }

  /** The call ended without saying anything about the provider (the caller aborted it). */
  abandoned(): void {
    this.trialInFlight = false;
  }
}

const CIRCUIT_OPEN = { kind: 'unavailable', reason: 'circuit open' } as const;

/** The model behind a breaker: while it is open, calls answer `unavailable` without reaching the provider. */
export function withCircuitBreaker(model: CoachModel, breaker: CircuitBreaker): CoachModel {
  async function guarded<T extends CompletionOutcome | TranscriptionOutcome>(
    call: () => Promise<T>,
    signal: AbortSignal | undefined,
  ): Promise<T | { kind: 'unavailable'; reason: string }> {
    if (!breaker.tryAcquire()) return CIRCUIT_OPEN;
    let outcome: T | { kind: 'unavailable'; reason: string };
    try {
      outcome = await call();
    } catch (error) {
      // Models answer outcomes, never throw; should one throw, it still must not leave a trial call open.
      outcome = { kind: 'unavailable', reason: error instanceof Error ? error.message : String(error) };
    }
    if (signal?.aborted) breaker.abandoned();
    else if (outcome.kind === 'unavailable') breaker.failed();
    else breaker.succeeded();
    return outcome;
  }

  return {
    get canTranscribe() {
      return model.canTranscribe;
    },
    complete: (request) => guarded(() => model.complete(request), request.signal),
    transcribe: (clip, signal) => guarded(() => model.transcribe(clip, signal), signal),
  };
}
