import type { $ZodConfig } from 'zod/v4/core';

// The server's Content-Security-Policy forbids eval. zod probes for it (`new Function`) whenever it
// builds an object schema, to compile a faster checker, and the browser reports that probe as a
// policy violation; `jitless` skips the probe, and the checks stay the same. zod reads its settings
// from `globalThis.__zod_globalConfig` (shared by every copy of zod on a page), so they are set
// there, first thing in main.tsx: `z.config()` would pull zod into the login page's first download.
// The object is changed in place, never replaced: when the bundler evaluates zod's chunk before
// main.tsx's own code, zod has already made the object and keeps reading that one.
const page = globalThis as { __zod_globalConfig?: $ZodConfig };
page.__zod_globalConfig ??= {};
page.__zod_globalConfig.jitless = true;
