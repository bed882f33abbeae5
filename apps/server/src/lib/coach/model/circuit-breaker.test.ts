import { describe, expect, it } from 'vitest';
import { CircuitBreaker, withCircuitBreaker } from './circuit-breaker';
import type { CoachModel, CompletionOutcome, CompletionRequest } from './model-types';

/** The breaker on its own clock: time moves only when a test moves it. */

function clockedBreaker(failureThreshold = 3, coolDownMs = 1_000) {
  const clock = { now: 0 };
  const breaker = new CircuitBreaker({ failureThreshold, coolDownMs, now: () => clock.now });
  return { clock, breaker };
}

/** A model that answers what the test queues, and counts the calls that reached it. */
function scriptedModel() {
  const outcomes: CompletionOutcome[] = [];
  const model: CoachModel & { calls: number; outcomes: CompletionOutcome[] } = {
    calls: 0,
    outcomes,
    canTranscribe: true,
    async complete() {
      model.calls++;
      return outcomes.shift() ?? { kind: 'answer', text: 'Hello', usage: { promptTokens: 1, completionTokens: 1 } };
    },
    async transcribe() {
      model.calls++;
      return { kind: 'unavailable', reason: 'down' };
    },
  };
  return model;
}

const down: CompletionOutcome = { kind: 'unavailable', reason: 'HTTP 500' };
const request: CompletionRequest = { purpose: 'chat', messages: [{ role: 'user', content: 'Hi' }], maxTokens: 50 };

describe('the circuit breaker', () => {
  it('opens after the threshold of failures in a row, and a success in between starts the count again', () => {
    const { breaker } = clockedBreaker(3);
    breaker.failed();
    breaker.failed();
    breaker.succeeded();
    breaker.failed();
    breaker.failed();
    expect(breaker.state).toBe('closed');
    breaker.failed();
    expect(breaker.state).toBe('open');
    expect(breaker.tryAcquire()).toBe(false);
  });

  it('half-opens after the cool-down and lets exactly one trial call through', () => {
    const { clock, breaker } = clockedBreaker(1, 1_000);
    breaker.failed();
    clock.now = 999;
    expect(breaker.state).toBe('open');
    clock.now = 1_000;
    expect(breaker.state).toBe('half_open');
    expect(breaker.tryAcquire()).toBe(true);
    expect(breaker.tryAcquire()).toBe(false);
    breaker.succeeded();
    expect(breaker.state).toBe('closed');
    expect(breaker.tryAcquire()).toBe(true);
  });

  it('reopens for a whole cool-down when the trial call fails', () => {
    const { clock, breaker } = clockedBreaker(2, 1_000);
    breaker.failed();
    breaker.failed();
    clock.now = 1_500;
    expect(breaker.tryAcquire()).toBe(true);
    breaker.failed();
    expect(breaker.state).toBe('open');
    clock.now = 2_499;
    expect(breaker.state).toBe('open');
    clock.now = 2_500;
    expect(breaker.state).toBe('half_open');
  });

  it('frees the trial when the caller abandons it, without closing or reopening', () => {
    const { clock, breaker } = clockedBreaker(1, 1_000);
    breaker.failed();
    clock.now = 1_000;
    expect(breaker.tryAcquire()).toBe(true);
    breaker.abandoned();
    expect(breaker.state).toBe('half_open');
    expect(breaker.tryAcquire()).toBe(true);
  });
});

describe('a model behind a breaker', () => {
  it('answers "circuit open" without calling the model while open, and tries again after the cool-down', async () => {
    const { clock, breaker } = clockedBreaker(2, 1_000);
    const model = scriptedModel();
    const guarded = withCircuitBreaker(model, breaker);
    model.outcomes.push(down, down);
    expect(await guarded.complete(request)).toEqual(down);
    expect(await guarded.complete(request)).toEqual(down);
    expect(await guarded.complete(request)).toEqual({ kind: 'unavailable', reason: 'circuit open' });
    expect(await guarded.transcribe({ bytes: new Uint8Array([1]), mimeType: 'audio/ogg', fileName: 'a.ogg' })).toEqual({
      kind: 'unavailable',
      reason: 'circuit open',
    });
    expect(model.calls).toBe(2);
    clock.now = 1_000;
    expect((await guarded.complete(request)).kind).toBe('answer');
    expect(model.calls).toBe(3);
    expect(breaker.state).toBe('closed');
  });

  it('counts refusals, filters and empty answers as the provider being up', async () => {
    const { breaker } = clockedBreaker(1);
    const model = scriptedModel();
    const guarded = withCircuitBreaker(model, breaker);
    model.outcomes.push(
      { kind: 'refusal', text: 'No.', usage: null },
      { kind: 'content_filter', usage: null },
      { kind: 'empty', usage: null },
      { kind: 'truncated', text: 'Half', usage: null },
    );
    for (let i = 0; i < 4; i++) await guarded.complete(request);
    expect(breaker.state).toBe('closed');
  });

  it('does not count a call the caller aborted as a failure', async () => {
    const { breaker } = clockedBreaker(1);
    const model = scriptedModel();
    const guarded = withCircuitBreaker(model, breaker);
    model.outcomes.push({ kind: 'unavailable', reason: 'aborted' });
    const aborted = AbortSignal.abort();
    await guarded.complete({ ...request, signal: aborted });
    expect(breaker.state).toBe('closed');
  });

  it('keeps the model’s canTranscribe', () => {
    const model = scriptedModel();
    expect(withCircuitBreaker(model, new CircuitBreaker()).canTranscribe).toBe(true);
  });
});
