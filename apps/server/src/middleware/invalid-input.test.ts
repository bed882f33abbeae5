import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validate } from './validate';

/** The one 400 of the API, whatever the client names its fields. */
describe('validate()', () => {
  const app = new Hono().post(
    '/things',
    validate('json', z.object({ name: z.string('Name is required') }).strict()),
    (c) => c.json(c.req.valid('json')),
  );
  const post = (body: string) =>
    app.request('/things', { method: 'POST', body, headers: { 'content-type': 'application/json' } });

  it('answers 400 with each field’s messages', async () => {
    const res = await post('{}');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'Invalid input', fieldErrors: { name: ['Name is required'] } });
  });

  it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty'])(
    'treats an unknown field named %s as any other, not as a 500',
    async (field) => {
      const res = await post(`{"name": "Ada", "${field}": 1}`);
      expect(res.status).toBe(400);
      const body = (await res.json()) as { error: string; fieldErrors: Record<string, string[]> };
      expect(body.error).toBe('Invalid input');
      expect(Object.keys(body.fieldErrors)).toEqual([field]);
    },
  );
});
