import { ErrorResponseSchema } from '@sys/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../test/context.ts';

describe('error handler', () => {
  let ctx: TestApp;
  const logged: unknown[] = [];

  beforeAll(async () => {
    ctx = await createTestApp();
    // Routes that exist only in this test: one taking a JSON body, one failing with a secret inside.
    ctx.app.post(
      '/api/test/echo',
      { schema: { body: z.object({ name: z.string().min(1) }) } },
      async (request) => ({
        echo: request.body,
      }),
    );
    ctx.app.get('/api/test/boom', async () => {
      throw new Error('database password is hunter2');
    });
    // Tests run without pino; the silent logger is shared by every request, so capture its errors.
    ctx.app.log.error = ((obj: unknown) => logged.push(obj)) as typeof ctx.app.log.error;
  });
  afterAll(() => ctx.close());

  it('answers an unknown /api route with a JSON 404 in the error shape', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await ctx.app.inject({ method, url: '/api/no-such-thing?x=1' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      const body = ErrorResponseSchema.parse(res.json());
      expect(body.error.code).toBe('not_found');
      expect(body.error.message).toContain('/api/no-such-thing');
    }
  });

  it('answers a malformed JSON body with 400 in the error shape, never 500', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Noa",',
    });
    expect(res.statusCode).toBe(400);
    expect(ErrorResponseSchema.parse(res.json()).error.code).toBe('invalid_json');
  });

  it('answers a body failing its schema with 400 naming the field', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/test/echo', payload: { name: '' } });
    expect(res.statusCode).toBe(400);
    const body = ErrorResponseSchema.parse(res.json());
    expect(body.error.code).toBe('validation_failed');
    expect(JSON.stringify(body.error.details)).toContain('body.name');
  });

  it('accepts a valid body', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/test/echo', payload: { name: 'Noa' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ echo: { name: 'Noa' } });
  });

  it('hides the details of a server error from the client and logs them', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: { code: 'internal_error', message: 'Something went wrong' } });
    expect(res.body).not.toContain('hunter2');
    expect(res.body).not.toMatch(/at .*\.ts/);
    expect(JSON.stringify(logged, (_k, v) => (v instanceof Error ? v.message : v))).toContain('hunter2');
  });
});
