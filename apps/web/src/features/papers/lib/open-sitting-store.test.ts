import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { KEY, startAnswer } from './sitting-test-helpers';

// fake-indexeddb stands in for a browser that keeps data; a factory whose open throws, as Chromium
// does with storage blocked, for one that refuses it. Each test loads the module afresh.

async function freshModule() {
  vi.resetModules();
  return import('./open-sitting-store');
}

describe('opening the sitting store', () => {
  it("keeps the paper in the browser's IndexedDB where it is allowed", async () => {
    const { openSittingStore } = await freshModule();
    const { store, kept } = await openSittingStore();
    expect(kept).toBe(true);
    store.close();
  });

  it('carries on in memory where the browser refuses IndexedDB, and says the answers are not kept', async () => {
    const refusing = {
      open: () => {
        throw new DOMException('The user denied permission to access the database.', 'SecurityError');
      },
    };
    Object.defineProperty(globalThis, 'indexedDB', { value: refusing, configurable: true, writable: true });
    const { openSittingStore } = await freshModule();
    const { store, kept } = await openSittingStore();
    expect(kept).toBe(false);
    await store.saveStart(KEY, startAnswer(), { deviceKey: 'device-key-0123456789', clock: null });
    expect((await store.recordChoice(KEY, 'q2', 'q2c')).seq).toBe(1);
    expect((await store.attempt(KEY))?.choices).toEqual({ q2: { optionId: 'q2c', seq: 1, acked: false } });
    // Opened again (the screen opened anew), it finds the same memory.
    const again = await openSittingStore();
    expect(again.kept).toBe(false);
    expect((await again.store.attempt(KEY))?.nextSeq).toBe(2);
  });
});
