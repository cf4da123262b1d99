export const CONTENT_SPECS: RegExp;
export const BROWSER_HALVES: string[];
