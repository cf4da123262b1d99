import { WRITTEN_LIMITS, type MyScript } from '@academy/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { handInScript, removeStagedPage, uploadPage } from '../api/script-mine';
import { scriptKeys } from '../api/script-keys';
import { addPhotos, handInOrder, markStaged, pageKind, removePage, rotatePage, stagedPages, stepPage, type ListedPage } from '../lib/script-page-list';

export type UploadStatus = { kind: 'waiting' } | { kind: 'sending'; percent: number } | { kind: 'up' } | { kind: 'failed'; error: Error };

/**
 * The student's pages before the hand-in: each goes up as soon as it is picked, one at a time (a
 * weak line is not split between several), with its progress; a page that fails is sent again with
 * Try again, and the pages already up stay up (the server keeps them staged, a reload included).
 * Hand in sends the order and the turns once every page is up.
 */
export function useScriptPages(paperId: string, script: MyScript) {
  const queryClient = useQueryClient();
  const [pages, setPages] = useState<ListedPage[]>(() => stagedPages(script.staged.map((page) => page.id)));
  const [status, setStatus] = useState<Record<string, UploadStatus>>({});
  const [preparing, setPreparing] = useState(false);
  const [refusedFiles, setRefusedFiles] = useState<string[]>([]);
  const sending = useRef(false);
  /** Pages whose upload failed: they wait for Try again instead of being sent over and over. */
  const failedKeys = useRef(new Set<string>());
  const pagesRef = useRef(pages);
  useLayoutEffect(() => {
    pagesRef.current = pages;
  }, [pages]);

  const statusOf = useCallback((page: ListedPage): UploadStatus => (page.stagedId ? { kind: 'up' } : (status[page.key] ?? { kind: 'waiting' })), [status]);

  /** Sends the waiting pages one after the other; a failed one waits for Try again. */
  const sendWaiting = useCallback(async () => {
    if (sending.current) return;
    sending.current = true;
    try {
      for (;;) {
        const next = pagesRef.current.find((page) => !page.stagedId && page.file && !failedKeys.current.has(page.key));
        if (!next?.file) break;
        const key = next.key;
        setStatus((shown) => ({ ...shown, [key]: { kind: 'sending', percent: 0 } }));
        try {
          const staged = await uploadPage(paperId, next.file, next.name, (fraction) =>
            setStatus((shown) => ({ ...shown, [key]: { kind: 'sending', percent: Math.min(100, Math.floor(fraction * 100)) } })),
          );
          // Removed while it was going up: the server's copy goes too.
          if (!pagesRef.current.some((page) => page.key === key)) void removeStagedPage(paperId, staged.id).catch(() => undefined);
          pagesRef.current = markStaged(pagesRef.current, key, staged.id);
          setPages((shown) => markStaged(shown, key, staged.id));
          setStatus((shown) => ({ ...shown, [key]: { kind: 'up' } }));
        } catch (error) {
          failedKeys.current.add(key);
          setStatus((shown) => ({ ...shown, [key]: { kind: 'failed', error: error instanceof Error ? error : new Error(String(error)) } }));
        }
      }
    } finally {
      sending.current = false;
    }
  }, [paperId]);

  useEffect(() => {
    if (pages.some((page) => !page.stagedId && page.file && !failedKeys.current.has(page.key))) void sendWaiting();
  }, [pages, sendWaiting]);

  /** Photos and PDFs picked: a PDF becomes a photo per page first; anything else is named back. */
  const add = async (files: readonly File[]) => {
    setRefusedFiles([]);
    const room = WRITTEN_LIMITS.pagesMax - pagesRef.current.length;
    const photos: { blob: Blob; name: string }[] = [];
    const refused: string[] = [];
    setPreparing(true);
    try {
      for (const file of files) {
        const kind = pageKind(file);
        if (kind === 'image') photos.push({ blob: file, name: file.name });
        else if (kind === 'pdf') {
          const { pdfToPhotos } = await import('../lib/script-pdf-pages');
          photos.push(...(await pdfToPhotos(file, file.name, Math.max(0, room - photos.length)).catch(() => (refused.push(file.name), []))));
        } else refused.push(file.name);
      }
    } finally {
      setPreparing(false);
    }
    setRefusedFiles(refused);
    setPages((shown) => addPhotos(shown, photos.slice(0, Math.max(0, WRITTEN_LIMITS.pagesMax - shown.length))));
  };

  const retry = (key: string) => {
    failedKeys.current.delete(key);
    setStatus((shown) => ({ ...shown, [key]: { kind: 'waiting' } }));
    setPages((shown) => [...shown]);
  };

  const remove = (key: string) => {
    const page = pagesRef.current.find((candidate) => candidate.key === key);
    if (page?.stagedId) void removeStagedPage(paperId, page.stagedId).catch(() => undefined);
    setPages((shown) => removePage(shown, key));
  };

  const handIn = async () => {
    const order = handInOrder(pagesRef.current);
    if (!order) return null;
    const answer = await handInScript(paperId, { pages: order });
    await queryClient.invalidateQueries({ queryKey: scriptKeys.mine(paperId) });
    return answer;
  };

  const allUp = handInOrder(pages) !== null;
  return {
    pages,
    statusOf,
    preparing,
    refusedFiles,
    allUp,
    add,
    retry,
    remove,
    step: (key: string, direction: -1 | 1) => setPages((shown) => stepPage(shown, key, direction)),
    rotate: (key: string) => setPages((shown) => rotatePage(shown, key)),
    handIn,
  };
}
