import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJournal } from '../../db/client.ts';
import { createTestApp, type TestApp, testEngine } from '../../test/context.ts';

describe('GET /api/health', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('reports status, the database engine and the newest applied migration', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      database: testEngine,
      migration: readJournal().at(-1)!.tag,
    });
  });

  it('is described in the OpenAPI document', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths['/api/health']).toBeDefined();
  });
});
