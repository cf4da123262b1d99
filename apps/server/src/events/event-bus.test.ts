import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { redisUnavailable, TEST_REDIS_URL, testRedisPrefix } from '../../test/redis';
import { createEventBus, type EventBus } from './event-bus';
import { MemoryEventBus } from './memory-bus';

const log = Fastify({ logger: false }).log;

/** Collects what a subscription hears, and waits for it. */
function listener() {
  const heard: string[] = [];
  let wake = () => {};
  return {
    heard,
    on: (payload: string) => {
      heard.push(payload);
      wake();
    },
    async until(count: number, timeoutMs = 3000): Promise<string[]> {
      const deadline = Date.now() + timeoutMs;
      while (heard.length < count && Date.now() < deadline) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 50);
        });
      }
      return heard;
    },
  };
}

async function behavesAsABus(makeBus: () => Promise<EventBus>, makeOther: () => Promise<EventBus>) {
  const bus = await makeBus();
  const other = await makeOther();
  try {
    const a = listener();
    const b = listener();
    const stopA = await bus.subscribe('messages', a.on);
    await other.subscribe('messages', b.on);
    await bus.subscribe('banners', () => {
      throw new Error('heard an event of another channel');
    });
    await bus.publish('messages', 'one');
    expect(await a.until(1)).toEqual(['one']);
    await stopA();
    await bus.publish('messages', 'two');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(a.heard).toEqual(['one']);
    return { otherHeard: b.heard };
  } finally {
    await bus.close();
    await other.close();
  }
}

describe('the in-process event bus', () => {
  it('delivers to subscribers of the channel, later than publish, until they stop', async () => {
    const { otherHeard } = await behavesAsABus(
      async () => new MemoryEventBus(),
      async () => new MemoryEventBus(),
    );
    // Another process (a second MemoryEventBus) hears nothing: that is what Redis is for.
    expect(otherHeard).toEqual([]);
  });

  it('is what createEventBus gives without REDIS_URL', async () => {
    const bus = await createEventBus({ redisUrl: null, redisPrefix: 'x:' }, log);
    expect(bus).toBeInstanceOf(MemoryEventBus);
    await bus.close();
  });
});

const skipReason = await redisUnavailable();

describe.skipIf(skipReason)(`the Redis event bus${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  it('carries an event to every instance on the same prefix, and to none on another', async () => {
    const prefix = testRedisPrefix();
    const config = { redisUrl: TEST_REDIS_URL, redisPrefix: prefix };
    const { otherHeard } = await behavesAsABus(
      () => createEventBus(config, log),
      () => createEventBus(config, log),
    );
    expect(otherHeard).toEqual(['one', 'two']);

    const stranger = await createEventBus({ redisUrl: TEST_REDIS_URL, redisPrefix: testRedisPrefix() }, log);
    const sender = await createEventBus(config, log);
    const heard = listener();
    await stranger.subscribe('messages', heard.on);
    await sender.publish('messages', 'not for you');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(heard.heard).toEqual([]);
    await stranger.close();
    await sender.close();
  });

  it('fails the start with a clear reason when REDIS_URL does not answer', async () => {
    await expect(createEventBus({ redisUrl: 'redis://127.0.0.1:1', redisPrefix: 'x:' }, log)).rejects.toThrow(/REDIS_URL is not reachable/);
  });
});
