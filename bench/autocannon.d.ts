// What the benchmarks use of autocannon (it ships no types; DefinitelyTyped's make a run without a
// callback a plain promise): a run is an event emitter that can be stopped and awaited, its result
// also given to the callback.
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
    max: number;
  }

  export interface Result {
    latency: Histogram;
    requests: Histogram & { total: number };
    throughput: Histogram & { total: number };
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
    statusCodeStats?: Record<string, { count: number }>;
    [key: string]: unknown;
  }

  // Awaiting a run gives its result, as the callback does.
  export interface Instance extends EventEmitter, PromiseLike<Result> {
    stop(): void;
  }

  function autocannon(options: Record<string, unknown>, callback?: (error: Error | null, result: Result) => void): Instance;
  export default autocannon;
}
