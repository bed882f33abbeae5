import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_COACH_REPLY, rateLimited, startFakeModel, type FakeModel } from './fake-model-server';

/** The fake model speaks OpenAI's protocol, checked here with plain fetch (no client of ours). */

let fake: FakeModel;
beforeAll(async () => {
  fake = await startFakeModel();
});
afterAll(() => fake?.close());
beforeEach(() => {
  fake.service.reset();
  fake.service.calls.length = 0;
});

async function post(body: unknown) {
  const res = await fetch(`${fake.baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, any> };
}

const messages = [{ role: 'user', content: 'Hello' }];

describe('the fake model', () => {
  it('answers a chat completion in OpenAI’s shape, echoing the model', async () => {
    const { status, body } = await post({ model: 'gpt-test', messages, max_tokens: 300 });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: expect.stringMatching(/^chatcmpl-/),
      object: 'chat.completion',
      created: expect.any(Number),
      model: 'gpt-test',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: DEFAULT_COACH_REPLY, refusal: null },
          finish_reason: 'stop',
        },
      ],
      usage: { prompt_tokens: 2, completion_tokens: expect.any(Number), total_tokens: expect.any(Number) },
    });
  });

  it('refuses what OpenAI refuses, with its error object', async () => {
    const refusals = [
      await post({ messages }),
      await post({ model: 'm', messages: [] }),
      await post({ model: 'm', messages: [{ role: 'robot', content: 'Hi' }] }),
      await post({ model: 'm', messages, max_tokens: 0 }),
      await post({ model: 'm', messages, stream: true }),
      await post({ model: 'm', messages, response_format: { type: 'json_object' } }),
    ];
    for (const { status, body } of refusals) {
      expect(status).toBe(400);
      expect(body.error).toMatchObject({ message: expect.any(String), type: 'invalid_request_error' });
    }
    expect(refusals[5]!.body.error.message).toMatch(/must contain the word 'json'/);
  });

  it('answers a JSON request with no risk', async () => {
    const { body } = await post({
      model: 'm',
      messages: [{ role: 'system', content: 'Answer in JSON.' }, ...messages],
      response_format: { type: 'json_object' },
    });
    expect(JSON.parse(body.choices[0].message.content)).toEqual({ level: 'none', categories: [] });
  });

  it('says when to come back on a 429', async () => {
    fake.nextChat(rateLimited(2, { retryAfterMs: 1500 }));
    const { status, headers, body } = await post({ model: 'm', messages });
    expect([status, headers.get('retry-after'), headers.get('retry-after-ms')]).toEqual([429, '2', '1500']);
    expect(body.error.code).toBe('rate_limit_exceeded');
  });

  it('records each request’s parsed body', async () => {
    await post({ model: 'm', messages, temperature: 0.2 });
    expect(fake.chatRequests()).toEqual([{ model: 'm', messages, temperature: 0.2 }]);
  });
});
