/**
 * Zod compiles object parsers with `new Function` when it can, and probes for that when it builds
 * its first object schema. The CSP allows no eval, so the probe itself is reported as a violation:
 * this is `z.config({ jitless: true })`, set before zod loads. Zod keeps its configuration on
 * `globalThis.__zod_globalConfig` (shared by every copy of zod) and only creates it when absent,
 * so setting it here keeps zod itself out of the first load (it lives in the lazy chunks).
 * tests/unit/zod-jitless.test.ts checks that zod reads it.
 */
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

globalThis.__zod_globalConfig ??= {};
globalThis.__zod_globalConfig.jitless = true;

export {};
