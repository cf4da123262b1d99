export const sessionKeys = {
  mine: ['sessions', 'mine'] as const,
  limit: ['sessions', 'limit'] as const,
};
