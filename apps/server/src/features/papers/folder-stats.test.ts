import { describe, expect, it } from 'vitest';
import type { FileStore, StatResult } from '../../storage/file-store';
import { FOLDER_STAT_MS, statRemembering } from './folder-stats';

/** A store that counts its stat calls and answers what `answer` says at the time. */
function countingStore(answer: (id: string) => StatResult | null | Error) {
  const calls: string[] = [];
  const store = {
    rootId: 'root',
    stat: async (id: string) => {
      calls.push(id);
      const found = answer(id);
      if (found instanceof Error) throw found;
      return found;
    },
  } as unknown as FileStore;
  return { store, calls };
}

const folder = (id: string): StatResult => ({ item: { id, name: id, mimeType: 'folder' } as StatResult['item'], topFolderId: 'class', folderIds: ['class'] });

describe('where a paper folder lies, remembered', () => {
  it('asks the store once for requests at the same time and within FOLDER_STAT_MS, and again after it', async () => {
    let now = 1_000_000;
    let removed = false;
    const { store, calls } = countingStore((id) => (removed ? null : folder(id)));
    const remembering = statRemembering(store, () => now);

    const answers = await Promise.all([remembering.stat('a'), remembering.stat('a'), remembering.stat('a')]);
    expect(answers.map((answer) => answer?.topFolderId)).toEqual(['class', 'class', 'class']);
    now += FOLDER_STAT_MS - 1;
    expect((await remembering.stat('a'))?.topFolderId).toBe('class');
    expect(calls).toEqual(['a']);

    // Removed meanwhile: seen once the remembered answer is old enough.
    removed = true;
    now += 1;
    expect(await remembering.stat('a')).toBeNull();
    expect(calls).toEqual(['a', 'a']);
    // Every other call is the store's own.
    expect(remembering.rootId).toBe('root');
  });

  it('does not remember a failure: the next request asks the store again', async () => {
    let failing = true;
    const { store, calls } = countingStore((id) => (failing ? new Error('store unreachable') : folder(id)));
    const remembering = statRemembering(store, () => 0);
    await expect(remembering.stat('a')).rejects.toThrow('store unreachable');
    failing = false;
    expect((await remembering.stat('a'))?.item.id).toBe('a');
    expect(calls).toEqual(['a', 'a']);
  });
});
