import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ZodMiniLazy } from 'zod/mini';

/**
 * zod calls `__zod_globalConfig.postProcessor` with every schema it constructs (the hook its own
 * ahead-of-time compiler installs). Read here to see what loading the package builds.
 */
type ZodGlobalConfig = { postProcessor?: (schema: { _zod: { def: { type: string } } }) => void };
const zodConfig = (): ZodGlobalConfig =>
  ((globalThis as { __zod_globalConfig?: ZodGlobalConfig }).__zod_globalConfig ??= {});

afterEach(() => {
  delete zodConfig().postProcessor;
});

describe("the domain package's modules (issue 17)", () => {
  it('build no schema as they load: each is built when it first parses', async () => {
    const types: string[] = [];
    vi.resetModules();
    zodConfig().postProcessor = (schema) => types.push(schema._zod.def.type);

    const domain = await import('./index.ts');

    // Only the lazy wrappers: ~800 schemas were built here before, in one long task of a
    // signed-in first load. A `z.object(...)` written at a module's top level shows up here.
    expect(types.filter((type) => type !== 'lazy')).toEqual([]);
    // The hook is zod's internal: were it gone, the check above would pass on nothing.
    expect(types.length).toBeGreaterThan(50);

    types.length = 0;
    expect(domain.okSchema.safeParse({ ok: true }).success).toBe(true);
    expect(types).toContain('object');
  });

  it('every schema builds: a mistake in one no longer stops its module from loading', async () => {
    // Fresh modules: a lazy whose build threw once answers undefined afterwards.
    vi.resetModules();
    const domain = await import('./index.ts');
    const values: unknown[] = [
      ...Object.values(domain),
      ...Object.values(domain.serverEvents),
      ...Object.values(domain.clientEvents),
      ...Object.values(domain.liveSignals),
    ];
    const lazies = values.filter(
      (value): value is ZodMiniLazy =>
        typeof value === 'object' &&
        value !== null &&
        '_zod' in value &&
        (value as ZodMiniLazy)._zod.def.type === 'lazy',
    );
    expect(lazies.length).toBeGreaterThan(100);
    for (const schema of lazies) expect(domain.built(schema)._zod.def.type).not.toBe('lazy');
  });

  it('a lazy schema parses like the one it wraps, with its messages and its shape', async () => {
    const { built, settingsSchema, updateSettingsSchema, trustVerificationSchema } =
      await import('./index.ts');

    expect(Object.keys(built(settingsSchema).shape)).toEqual([
      'privacy',
      'notifications',
      'safety',
      'chat',
      'discover',
    ]);
    const empty = updateSettingsSchema.safeParse({ privacy: {} });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues[0]?.message).toBe('Nothing to change');
    expect(updateSettingsSchema.safeParse({ chat: { readReceipts: false } }).success).toBe(true);
    expect(updateSettingsSchema.safeParse({ chat: { unknown: true } }).success).toBe(false);

    const calculation = {
      firstDegreeCount: 1,
      secondDegreeCount: 2,
      firstDegreePoints: 10,
      secondDegreePoints: 4,
      formula: 'f',
      trustScore: 14,
    };
    expect(
      trustVerificationSchema.safeParse({
        stored: calculation,
        independent: calculation,
        matches: true,
      }).success,
    ).toBe(true);
    expect(
      trustVerificationSchema.safeParse({
        stored: { ...calculation, trustScore: undefined },
        independent: calculation,
        matches: true,
      }).success,
    ).toBe(false);
  });
});
