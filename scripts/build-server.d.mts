// Types for the test helpers that import the server's build (apps/server/test/server-process.ts).
export const SERVER_DIST: string;
export const SERVER_ENTRY: string;
export const SERVER_SOURCES: string[];
export function buildServer(outdir?: string): Promise<void>;
