/**
 * Asks `probe` again and again (errors count as "not yet") until it answers something truthy, and
 * gives that back; throws naming `what` once `timeoutMs` has passed. For tests that watch a server
 * process from outside (a restart, a job picked up again), where there is no event to await.
 */
export async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs: number, everyMs = 200): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe().catch(() => null);
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  throw new Error(`timed out waiting for ${what}`);
}
