import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeService } from './fake-service';
import { startHttpFake, type HttpAnswer, type HttpFake } from './http-fake';

/** A tiny HTTP fake: it counts the calls its own behaviour handled and echoes the path. */
let service: FakeService<{ method: string; path: string; body: string }, HttpAnswer>;
let http: HttpFake;
let handled = 0;

beforeAll(async () => {
  service = new FakeService();
  http = await startHttpFake(service, {
    record: (req) => ({ method: req.method, path: req.path, body: req.body.toString('utf8') }),
    answer: (req) => {
      handled++;
      return { status: 200, body: { path: req.path, handled } };
    },
  });
});
afterAll(() => http.close());

const call = async (path: string, method = 'GET') => {
  const res = await fetch(`${http.url}${path}`, { method, ...(method === 'POST' && { body: 'hello' }) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
};

describe('a fake service', () => {
  it('records every request in order, with its route', async () => {
    service.calls.length = 0;
    await call('/a');
    await call('/b', 'POST');
    expect(service.calls.map((c) => c.route)).toEqual(['GET /a', 'POST /b']);
    expect(service.requests[1]).toEqual({ method: 'POST', path: '/b', body: 'hello' });
  });

  it('answers the next calls as scripted, once each and in order, then as itself', async () => {
    service.answerNext(
      'GET /x',
      { status: 503, body: { error: 'first' } },
      { answer: { status: 201, body: 'second' } },
    );
    expect(await call('/x')).toEqual({ status: 503, body: { error: 'first' } });
    const second = await fetch(`${http.url}/x`);
    expect([second.status, await second.text()]).toEqual([201, 'second']);
    expect((await call('/x')).status).toBe(200);
    expect(service.calls.slice(-3).map((c) => c.outcome)).toEqual(['scripted', 'scripted', 'answered']);
  });

  it('keeps an answer for every call of a route until reset, matching prefixes', async () => {
    service.answerAlways('* /v1/items*', { status: 404, body: { error: 'gone' } });
    expect((await call('/v1/items/1')).status).toBe(404);
    expect((await call('/v1/items/2', 'POST')).status).toBe(404);
    expect((await call('/v1/other')).status).toBe(200);
    service.reset('* /v1/items*');
    expect((await call('/v1/items/1')).status).toBe(200);
  });

  it('injects a fault a given number of times', async () => {
    service.fail('*', { status: 500 }, { times: 2 });
    expect([(await call('/f')).status, (await call('/g')).status, (await call('/h')).status]).toEqual([500, 500, 200]);
  });

  it('delays an answer', async () => {
    service.fail('GET /slow', { delayMs: 150 }, { times: 1 });
    const started = Date.now();
    expect((await call('/slow')).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('drops the connection without answering', async () => {
    service.fail('GET /drop', { drop: true }, { times: 1 });
    await expect(fetch(`${http.url}/drop`)).rejects.toThrow();
    expect(service.calls.at(-1)).toMatchObject({ route: 'GET /drop', outcome: 'dropped' });
    expect((await call('/drop')).status).toBe(200);
  });

  it('handles a duplicated request twice', async () => {
    const before = handled;
    service.fail('POST /twice', { duplicate: true }, { times: 1 });
    expect((await call('/twice', 'POST')).body).toEqual({ path: '/twice', handled: before + 2 });
  });

  it('delivers what the fake sends once, twice when duplicated, not at all when dropped', async () => {
    const sent: string[] = [];
    const send = (id: string) => () => Promise.resolve(sent.push(id));
    const event = { method: 'POST', path: '/hook', body: '{}' };
    await service.deliver('POST /hook', event, send('once'));
    service.fail('POST /hook', { duplicate: true }, { times: 1 });
    await service.deliver('POST /hook', event, send('twice'));
    service.fail('POST /hook', { drop: true }, { times: 1 });
    expect(await service.deliver('POST /hook', event, send('never'))).toEqual([]);
    expect(sent).toEqual(['once', 'twice', 'twice']);
  });
});
