/** Cache keys of the messages calls; 'messages' first so one invalidation reaches them all. */
export const messageKeys = {
  all: ['messages'] as const,
  /** The signed-in account's list: every message for an admin, the targeted feed for a student. */
  list: ['messages', 'list'] as const,
};
