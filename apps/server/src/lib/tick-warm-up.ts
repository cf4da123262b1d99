/**
 * Runs `process.nextTick` in short bursts before the server is built, so that V8 compiles Node's
 * nextTick from calls like those a running server makes, not from whatever the start happens to
 * do. Every answer queues several ticks (Node's request and response streams end through them).
 * Built cold, this server's optimized nextTick (and the stream functions that inline it) called
 * V8's runtime to make each tick's object, about 9% of a busy server's CPU in `perf`, and it stayed
 * that way; after a warm-up no sample reached the runtime, and A/B runs of the built server gave
 * 3.4 µs less CPU an answer for /api/ping and 8 µs less for a student's feed (docs/performance.md).
 * Which step of the start spoils it varies from run to run (it showed after `app.ready()`), so the
 * warm-up runs first. 100,000 ticks take a few milliseconds.
 */
export async function warmUpNextTick(rounds = 100): Promise<void> {
  const nothing = () => {};
  for (let round = 0; round < rounds; round += 1) {
    await new Promise<void>((resolve) => {
      // The arities Node's own code uses (0 to 3 arguments), in bursts that die young.
      for (let i = 0; i < 250; i += 1) {
        process.nextTick(nothing);
        process.nextTick(nothing, i);
        process.nextTick(nothing, i, round);
        process.nextTick(nothing, i, round, nothing);
      }
      process.nextTick(resolve);
    });
  }
}
