import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../test/context.ts';
import { createShutdownHandler } from './graceful-shutdown.ts';

describe('graceful shutdown', () => {
  it('lets an in-flight request finish, closes the app, then exits 0', async () => {
    const ctx = await createTestApp();
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered!: () => void;
    const inFlight = new Promise<void>((resolve) => {
      entered = resolve;
    });
    ctx.app.get('/api/test/slow', async () => {
      entered();
      await released;
      return { done: true };
    });
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = ctx.app.server.address() as AddressInfo;

    const response = fetch(`http://127.0.0.1:${port}/api/test/slow`);
    await inFlight;

    const exit = vi.fn();
    const closing = createShutdownHandler(ctx.app, { exit })('SIGTERM');
    // The request is still running: the process must not have exited yet.
    await new Promise((r) => setTimeout(r, 100));
    expect(exit).not.toHaveBeenCalled();
    // New connections are no longer accepted.
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();

    release();
    const res = await response;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ done: true });
    await closing;
    expect(exit).toHaveBeenCalledWith(0);
    await ctx.close().catch(() => {});
  });

  it('exits at once with 1 on a second signal', async () => {
    const ctx = await createTestApp();
    ctx.app.addHook('onClose', () => new Promise((r) => setTimeout(r, 300)));
    const exit = vi.fn();
    const shutdown = createShutdownHandler(ctx.app, { exit });
    const first = shutdown('SIGTERM');
    await shutdown('SIGINT');
    expect(exit).toHaveBeenCalledWith(1);
    await first;
    expect(exit).toHaveBeenLastCalledWith(0);
    await ctx.close().catch(() => {});
  });
});
