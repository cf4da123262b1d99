import { describe, expect, it } from 'vitest';
import { addPhotos, handInOrder, markStaged, movePage, pageKind, removePage, rotatePage, stagedPages, stepPage, type ListedPage } from './script-page-list';

function photos(...names: string[]) {
  return names.map((name) => ({ blob: new Blob([name], { type: 'image/jpeg' }), name }));
}

const names = (pages: readonly ListedPage[]) => pages.map((page) => page.name);

describe('the pages to hand in', () => {
  it('knows photos and PDFs by type, or by name when the browser gives no type', () => {
    expect(pageKind({ type: 'image/jpeg', name: 'a' })).toBe('image');
    expect(pageKind({ type: 'image/heic', name: 'a' })).toBe('image');
    expect(pageKind({ type: 'application/pdf', name: 'a' })).toBe('pdf');
    expect(pageKind({ type: '', name: 'IMG_0001.HEIC' })).toBe('image');
    expect(pageKind({ type: '', name: 'answers.pdf' })).toBe('pdf');
    expect(pageKind({ type: 'text/plain', name: 'notes.txt' })).toBeNull();
  });

  it('adds photos at the end in the order picked, upright and not uploaded yet', () => {
    const pages = addPhotos(addPhotos([], photos('one')), photos('two', 'three'));
    expect(names(pages)).toEqual(['one', 'two', 'three']);
    expect(pages.every((page) => page.rotation === 0 && page.stagedId === null)).toBe(true);
    expect(new Set(pages.map((page) => page.key)).size).toBe(3);
  });

  it('moves a page up and down by one, and not past either end', () => {
    const pages = addPhotos([], photos('one', 'two', 'three'));
    const [first, , third] = pages as [ListedPage, ListedPage, ListedPage];
    expect(names(stepPage(pages, third.key, -1))).toEqual(['one', 'three', 'two']);
    expect(names(stepPage(pages, first.key, 1))).toEqual(['two', 'one', 'three']);
    expect(names(stepPage(pages, first.key, -1))).toEqual(['one', 'two', 'three']);
    expect(names(stepPage(pages, third.key, 1))).toEqual(['one', 'two', 'three']);
    expect(names(movePage(pages, 0, 2))).toEqual(['two', 'three', 'one']);
    expect(names(movePage(pages, 0, 5))).toEqual(['one', 'two', 'three']);
  });

  it('turns a page a quarter clockwise, and four turns bring it back', () => {
    const pages = addPhotos([], photos('one', 'two'));
    const key = pages[1]?.key ?? '';
    let turned = pages;
    const seen: number[] = [];
    for (let turn = 0; turn < 4; turn += 1) {
      turned = rotatePage(turned, key);
      seen.push(turned[1]?.rotation ?? -1);
    }
    expect(seen).toEqual([90, 180, 270, 0]);
    expect(turned[0]?.rotation).toBe(0);
  });

  it('removes a page', () => {
    const pages = addPhotos([], photos('one', 'two', 'three'));
    expect(names(removePage(pages, pages[1]?.key ?? ''))).toEqual(['one', 'three']);
  });

  it('hands in only when every page is uploaded, in the order shown with each turn', () => {
    let pages = addPhotos(stagedPages(['kept-1']), photos('two', 'three'));
    expect(handInOrder(pages)).toBeNull();
    pages = markStaged(pages, pages[1]?.key ?? '', 'id-2');
    pages = markStaged(pages, pages[2]?.key ?? '', 'id-3');
    pages = rotatePage(stepPage(pages, pages[2]?.key ?? '', -1), pages[2]?.key ?? '');
    expect(handInOrder(pages)).toEqual([
      { id: 'kept-1', rotation: 0 },
      { id: 'id-3', rotation: 90 },
      { id: 'id-2', rotation: 0 },
    ]);
    expect(handInOrder([])).toBeNull();
  });
});

describe('the marking queue', async () => {
  const { filterQueue, nextToMark } = await import('./script-queue');
  const row = (scriptId: string, state: 'to-do' | 'in-progress' | 'marked', markerId: string | null) => ({
    scriptId,
    state,
    markerId,
    markerName: markerId,
    student: { studentId: scriptId, name: scriptId, regNo: scriptId },
    handedInAt: '2026-12-12T15:00:00Z',
    pageCount: 3,
    writtenMarks: null,
  });
  const rows = [row('a', 'marked', 'm1'), row('b', 'to-do', null), row('c', 'in-progress', 'm1'), row('d', 'to-do', 'm2')];

  it('filters by state and by marker, unassigned included', () => {
    expect(filterQueue(rows, { state: 'to-do', marker: 'all' }).map((r) => r.scriptId)).toEqual(['b', 'd']);
    expect(filterQueue(rows, { state: 'all', marker: 'm1' }).map((r) => r.scriptId)).toEqual(['a', 'c']);
    expect(filterQueue(rows, { state: 'all', marker: 'none' }).map((r) => r.scriptId)).toEqual(['b']);
  });

  it('goes on to the next script not marked, wrapping round, and to none when all are marked', () => {
    expect(nextToMark(rows, 'c')).toBe('d');
    expect(nextToMark(rows, 'd')).toBe('b');
    expect(nextToMark([row('a', 'marked', null), row('b', 'to-do', null)], 'b')).toBeNull();
  });
});
