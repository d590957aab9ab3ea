/**
 * zod 4 compiles fast object parsers with `new Function`, and to find out whether it may, it calls
 * `Function('')` once, the first time an object schema parses. Our Content-Security-Policy has no
 * 'unsafe-eval' (apps/server/src/plugins/security-headers.ts), so that probe is a blocked eval, which
 * Chromium reports as a Content Security Policy issue on every page (Lighthouse best practices:
 * inspector-issues), and zod then parses without compiled parsers anyway. `jitless` skips the probe:
 * the same parsing, no eval.
 *
 * zod keeps its settings in the object at `globalThis.__zod_globalConfig` and takes the one already
 * there when it loads, so setting it here needs no zod code in the entry chunk. Each object schema reads
 * the setting when it is built, so this runs first (main.tsx imports it before anything else; the
 * schemas load later, with the screens that use them). zod-config.test.ts checks zod still reads it.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
// Changed in place: a zod loaded earlier (tests) holds on to this very object.
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

export {};
