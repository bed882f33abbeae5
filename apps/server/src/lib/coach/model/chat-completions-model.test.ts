import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureLogs } from '../../../test-support/captured-logs';
import {
  classification,
  contentFilter,
  DEFAULT_COACH_REPLY,
  DEFAULT_TRANSCRIPTION,
  empty,
  FAKE_MODEL_API_KEY,
  modelError,
  rateLimited,
  refusal,
  reply,
  serverError,
  startFakeModel,
  truncated,
  type FakeModel,
} from '../../../test-support/fakes/fake-model/fake-model-server';
import { freePort } from '../../../test-support/free-port';
import { createChatCompletionsModel, MAX_RETRY_AFTER_MS, type CoachModelConfig } from './chat-completions-model';
import { CircuitBreaker, withCircuitBreaker } from './circuit-breaker';
import type { CompletionRequest } from './model-types';

/** The chat-completions client against the fake OpenAI-compatible server. */

let fake: FakeModel;
beforeAll(async () => {
  fake = await startFakeModel();
});
afterAll(() => fake?.close());

/** The waits the client asked for between attempts: recorded, never slept. */
let waits: number[];
beforeEach(() => {
  fake.service.reset();
  fake.service.calls.length = 0;
  waits = [];
});

function client(overrides: Partial<CoachModelConfig> = {}) {
  return createChatCompletionsModel(fake.config(overrides), {
    logger: captureLogs('silent').logger,
    sleep: async (ms) => void waits.push(ms),
    random: () => 0.5,
  });
}

const chat: CompletionRequest = {
  purpose: 'chat',
  messages: [
    { role: 'system', content: 'You are a supportive work-stress coach.' },
    { role: 'user', content: 'My review is tomorrow and I cannot sleep.' },
  ],
  maxTokens: 300,
  temperature: 0.4,
};
const classify: CompletionRequest = {
  purpose: 'classifier',
  messages: [
    { role: 'system', content: 'Answer in JSON: {"level": …, "categories": […]}' },
    { role: 'user', content: 'My review is tomorrow.' },
  ],
  maxTokens: 60,
  temperature: 0,
  json: true,
};

describe('a chat completion', () => {
  it('sends the model, the messages, max_tokens and temperature, and reads the answer and its usage', async () => {
    const outcome = await client().complete(chat);
    expect(outcome).toEqual({
      kind: 'answer',
      text: DEFAULT_COACH_REPLY,
      usage: { promptTokens: expect.any(Number), completionTokens: expect.any(Number) },
    });
    expect(fake.chatRequests()).toEqual([
      { model: 'fake-chat', messages: chat.messages, max_tokens: 300, temperature: 0.4 },
    ]);
  });

  it('asks the classifier model for a JSON object', async () => {
    fake.nextChat(classification('concern', ['self_harm']));
    const outcome = await client().complete(classify);
    expect(outcome).toMatchObject({ kind: 'answer', text: '{"level":"concern","categories":["self_harm"]}' });
    expect(fake.chatRequests()[0]).toMatchObject({
      model: 'fake-classifier',
      max_tokens: 60,
      response_format: { type: 'json_object' },
    });
    // The fake's own classification, and the chat model when no classifier model is set.
    expect(await client({ classifierModel: undefined }).complete(classify)).toMatchObject({
      text: '{"level":"none","categories":[]}',
    });
    expect(fake.chatRequests()[1]!.model).toBe('fake-chat');
  });

  it('sends max_completion_tokens instead when configured', async () => {
    await client({ maxTokensField: 'max_completion_tokens' }).complete(chat);
    expect(fake.chatRequests()[0]).toMatchObject({ max_completion_tokens: 300 });
    expect(fake.chatRequests()[0]).not.toHaveProperty('max_tokens');
  });

  it('trims the answer, and reads an answer of only spaces as empty', async () => {
    fake.nextChat(reply('  Take a breath.\n'), reply(' \n '), empty());
    expect(await client().complete(chat)).toMatchObject({ kind: 'answer', text: 'Take a breath.' });
    expect(await client().complete(chat)).toMatchObject({ kind: 'empty' });
    expect(await client().complete(chat)).toMatchObject({ kind: 'empty' });
  });

  it('keeps a refusal apart: the refusal field, or an answer that only refuses', async () => {
    fake.nextChat(
      refusal('I can’t assist with that request.'),
      reply("I'm sorry, but I can't help with that."),
      reply("I can't help with writing code, but we could look at what makes this deadline so heavy."),
    );
    expect(await client().complete(chat)).toMatchObject({ kind: 'refusal', text: 'I can’t assist with that request.' });
    expect(await client().complete(chat)).toMatchObject({ kind: 'refusal' });
    expect(await client().complete(chat)).toMatchObject({ kind: 'answer' });
  });

  it('reports a content filter on the answer, and Azure’s 400 on the prompt, without retrying it', async () => {
    fake.nextChat(contentFilter(), contentFilter('prompt'));
    expect(await client().complete(chat)).toEqual({ kind: 'content_filter', usage: expect.anything() });
    expect(await client().complete(chat)).toEqual({ kind: 'content_filter', usage: null });
    expect(fake.chatRequests()).toHaveLength(2);
  });

  it('reports an answer cut off at max_tokens as truncated, with its text', async () => {
    fake.nextChat(truncated('You could start by'));
    expect(await client().complete(chat)).toMatchObject({ kind: 'truncated', text: 'You could start by' });
    // The fake's own answer, cut at a small max_tokens.
    expect(await client().complete({ ...chat, maxTokens: 5 })).toMatchObject({
      kind: 'truncated',
      text: DEFAULT_COACH_REPLY.slice(0, 20).trim(),
    });
  });
});

describe('retries', () => {
  it('waits as a 429 asks (retry-after-ms first, else Retry-After), then answers', async () => {
    fake.nextChat(rateLimited(1, { retryAfterMs: 1 }), rateLimited(2), reply('Here now.'));
    expect(await client().complete(chat)).toMatchObject({ kind: 'answer', text: 'Here now.' });
    expect(waits).toEqual([1, 2_000]);
    expect(fake.chatRequests()).toHaveLength(3);
  });

  it('gives up at once when the wait asked for is longer than it is worth', async () => {
    fake.nextChat(rateLimited(MAX_RETRY_AFTER_MS / 1000 + 20));
    expect(await client().complete(chat)).toMatchObject({ kind: 'unavailable', reason: expect.stringMatching(/429/) });
    expect(waits).toEqual([]);
    expect(fake.chatRequests()).toHaveLength(1);
  });

  it('does not retry a 429 for an exhausted quota', async () => {
    fake.nextChat(rateLimited(1, { quota: true }));
    expect(await client().complete(chat)).toMatchObject({
      kind: 'unavailable',
      reason: 'HTTP 429 insufficient_quota',
    });
    expect(fake.chatRequests()).toHaveLength(1);
  });

  it('retries 5xx maxRetries times with growing waits, then answers unavailable', async () => {
    fake.service.answerAlways(fake.chatRoute, serverError());
    const outcome = await client({ maxRetries: 2 }).complete(chat);
    expect(outcome).toEqual({ kind: 'unavailable', reason: 'HTTP 500 server_error (after 3 attempts)' });
    expect(fake.chatRequests()).toHaveLength(3);
    // Exponential with jitter (random 0.5 here): 3/4 of 500 ms, then of 1 s.
    expect(waits).toEqual([375, 750]);
  });

  it('recovers when a 503 is followed by an answer', async () => {
    fake.nextChat(serverError(503));
    expect(await client().complete(chat)).toMatchObject({ kind: 'answer' });
    expect(fake.chatRequests()).toHaveLength(2);
  });

  it('does not retry another 4xx', async () => {
    fake.nextChat(
      modelError(400, {
        message: "This model's maximum context length is 8192 tokens.",
        type: 'invalid_request_error',
        code: 'context_length_exceeded',
      }),
    );
    expect(await client().complete(chat)).toEqual({
      kind: 'unavailable',
      reason: 'HTTP 400 context_length_exceeded',
    });
    expect(fake.chatRequests()).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('answers unavailable after the retries when nothing listens', async () => {
    const port = await freePort();
    const outcome = await client({ baseUrl: `http://127.0.0.1:${port}/v1`, maxRetries: 1 }).complete(chat);
    expect(outcome).toEqual({ kind: 'unavailable', reason: 'ECONNREFUSED (after 2 attempts)' });
    expect(waits).toHaveLength(1);
  });
});

describe('timeouts and aborts', () => {
  it('gives each attempt timeoutMs, and retries a timed-out attempt', async () => {
    fake.service.answerAlways(fake.chatRoute, { ...reply('Too late'), delayMs: 2_000 });
    const outcome = await client({ timeoutMs: 50, maxRetries: 1 }).complete(chat);
    expect(outcome).toEqual({ kind: 'unavailable', reason: 'no answer within 50 ms (after 2 attempts)' });
    expect(fake.chatRequests()).toHaveLength(2);
  });

  it('stops at once, without retrying, when the caller aborts', async () => {
    fake.service.answerAlways(fake.chatRoute, { ...reply('Too late'), delayMs: 2_000 });
    const takeover = new AbortController();
    const pending = client().complete({ ...chat, signal: takeover.signal });
    await vi.waitFor(() => expect(fake.chatRequests()).toHaveLength(1));
    takeover.abort();
    expect(await pending).toEqual({ kind: 'unavailable', reason: 'aborted' });
    expect(fake.chatRequests()).toHaveLength(1);
  });
});

describe('behind the circuit breaker', () => {
  it('opens after failures in a row, and no request reaches the provider while it is open', async () => {
    const clock = { now: 0 };
    const breaker = new CircuitBreaker({ failureThreshold: 2, coolDownMs: 30_000, now: () => clock.now });
    const model = withCircuitBreaker(client({ maxRetries: 1 }), breaker);
    fake.service.answerAlways(fake.chatRoute, serverError());
    await model.complete(chat);
    await model.complete(chat);
    expect(breaker.state).toBe('open');
    expect(fake.chatRequests()).toHaveLength(4);
    expect(await model.complete(chat)).toEqual({ kind: 'unavailable', reason: 'circuit open' });
    expect(fake.chatRequests()).toHaveLength(4);

    fake.service.reset();
    clock.now = 30_000;
    expect(breaker.state).toBe('half_open');
    expect(await model.complete(chat)).toMatchObject({ kind: 'answer' });
    expect(breaker.state).toBe('closed');
  });
});

describe('credentials', () => {
  it('sends the key as a bearer token, as Azure’s api-key header, or not at all', async () => {
    await client().complete(chat);
    await client({ apiKeyHeader: 'api-key' }).complete(chat);
    await client({ apiKey: undefined }).complete(chat);
    const sent = fake.service.requests.map(({ authorization, apiKey }) => ({ authorization, apiKey }));
    expect(sent).toEqual([
      { authorization: `Bearer ${FAKE_MODEL_API_KEY}`, apiKey: undefined },
      { authorization: undefined, apiKey: FAKE_MODEL_API_KEY },
      { authorization: undefined, apiKey: undefined },
    ]);
  });

  it('keeps a query on the base URL (Azure’s api-version)', async () => {
    await client({ baseUrl: `${fake.baseUrl}?api-version=preview` }).complete(chat);
    expect(fake.service.calls[0]!.route).toBe(fake.chatRoute);
  });

  it('answers unavailable, once, when the provider refuses the key', async () => {
    const guarded = await startFakeModel({ apiKey: 'the-right-key' });
    try {
      const model = createChatCompletionsModel(guarded.config({ apiKey: 'a-wrong-key' }), {
        logger: captureLogs('silent').logger,
      });
      expect(await model.complete(chat)).toEqual({ kind: 'unavailable', reason: 'HTTP 401 invalid_api_key' });
      expect(guarded.chatRequests()).toHaveLength(1);
      const right = createChatCompletionsModel(guarded.config(), { logger: captureLogs('silent').logger });
      expect(await right.complete(chat)).toMatchObject({ kind: 'answer' });
    } finally {
      await guarded.close();
    }
  });
});

describe('voice notes', () => {
  const clip = {
    bytes: new Uint8Array([0x4f, 0x67, 0x67, 0x53, 0, 2, 0, 0]),
    mimeType: 'audio/ogg; codecs=opus',
    fileName: 'voice-note.ogg',
  };

  it('uploads the clip and the model as multipart, and asks for nothing but the words', async () => {
    expect(client().canTranscribe).toBe(true);
    expect(await client().transcribe(clip)).toEqual({ kind: 'text', text: DEFAULT_TRANSCRIPTION });
    const [upload] = fake.transcriptionRequests();
    expect(upload!.fields).toEqual({ model: 'fake-transcribe', response_format: 'json' });
    expect(upload!.files.file).toEqual({
      fileName: 'voice-note.ogg',
      mimeType: 'audio/ogg; codecs=opus',
      bytes: Buffer.from(clip.bytes),
    });
  });

  it('hands a silent clip to a person (an empty transcript is unavailable)', async () => {
    fake.transcriptionText = '';
    try {
      expect(await client().transcribe(clip)).toEqual({ kind: 'unavailable', reason: 'empty transcript' });
    } finally {
      fake.transcriptionText = DEFAULT_TRANSCRIPTION;
    }
  });

  it('reads a refused upload as unavailable', async () => {
    expect(await client().transcribe({ ...clip, fileName: 'voice-note' })).toEqual({
      kind: 'unavailable',
      reason: 'HTTP 400 invalid_value',
    });
  });

  it('sends nothing without a transcription model', async () => {
    const model = client({ transcriptionModel: undefined });
    expect(model.canTranscribe).toBe(false);
    expect(await model.transcribe(clip)).toMatchObject({ kind: 'unavailable' });
    expect(fake.service.calls).toHaveLength(0);
  });
});
