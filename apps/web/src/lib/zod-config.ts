import type { $ZodConfig } from 'zod/v4/core';

// The server's Content-Security-Policy forbids eval. zod probes for it (`new Function`) whenever it
// builds an object schema, to compile a faster checker, and the browser reports that probe as a
// policy violation; `jitless` skips the probe, and the checks stay the same. zod reads its settings
// from `globalThis.__zod_globalConfig` (shared by every copy of zod on a page), so they are set
// there, by lib/zod.ts, which the bundle takes zod through, before zod's own code runs. The object
// is changed in place, never replaced: zod keeps the one it finds when it runs.
const page = globalThis as { __zod_globalConfig?: $ZodConfig };
page.__zod_globalConfig ??= {};
page.__zod_globalConfig.jitless = true;
