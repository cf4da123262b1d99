import { EventEmitter } from 'node:events';
import type { EventBus } from './event-bus';

/** One instance, no Redis: listeners are called on a later tick, as they would be from Redis. */
export class MemoryEventBus implements EventBus {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  async publish(channel: string, payload: string): Promise<void> {
    setImmediate(() => this.emitter.emit(channel, payload));
  }

  async subscribe(channel: string, listener: (payload: string) => void): Promise<() => Promise<void>> {
    this.emitter.on(channel, listener);
    return async () => {
      this.emitter.off(channel, listener);
    };
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}
