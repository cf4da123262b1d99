/** Cache keys of the tracer's calls. */
export const forensicsKeys = {
  all: ['forensics'] as const,
  trace: (id: string) => ['forensics', 'trace', id] as const,
};
