export const SYSTEM_CHROMIUMS: string[];
export function systemChromium(env: NodeJS.ProcessEnv): string | undefined;
