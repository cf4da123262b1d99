export function testEngines(env: NodeJS.ProcessEnv): ('sqlite' | 'postgres')[];
export const NO_DATABASE: 'no-database';
export const NO_DATABASE_TESTS: string[];
export function serverTestProjects(env: NodeJS.ProcessEnv): string[];
