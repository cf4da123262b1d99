export function testEngines(env: NodeJS.ProcessEnv): ('sqlite' | 'postgres')[];
