import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('zod under the Content-Security-Policy', () => {
  it('parses objects without evaluating code (no Function probe the CSP would block)', async () => {
    // The test setup has loaded the shared schemas already; build them again after the setting, as the
    // app does (main.tsx imports zod-config before any screen's schemas load).
    vi.resetModules();
    await import('./zod-config');
    const functionSpy = vi.spyOn(globalThis, 'Function');
    const { ErrorResponseSchema } = await import('@sys/shared');
    const parsed = ErrorResponseSchema.parse({ error: { code: 'not_found', message: 'Not found' } });
    expect(parsed.error.code).toBe('not_found');
    expect(() => ErrorResponseSchema.parse({ error: { code: 1 } })).toThrow();
    expect(functionSpy).not.toHaveBeenCalled();
  });
});
