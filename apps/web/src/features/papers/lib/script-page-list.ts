import type { PageRotation } from '@academy/contract';

// The pages a student is about to hand in: the photos picked (a PDF's pages become photos on the
// phone first), in the order they will be read, each turned a quarter at a time. Each page goes up
// as soon as it is picked and is then held by the server as a staged page; its place and turn are
// sent only with the hand-in. Plain data and pure steps, so the buttons (up, down, rotate, remove)
// and every test do the same thing.

export interface ListedPage {
  /** Made on the phone, for React's keys and the buttons' targets; never sent. */
  key: string;
  /** The photo still on the phone; null for a page the server holds from an earlier visit. */
  file: Blob | null;
  name: string;
  rotation: PageRotation;
  /** The server's id once uploaded (staged). */
  stagedId: string | null;
}

/** What a picked file is, from its type or, when the browser gives none, its name. */
export function pageKind(file: Pick<File, 'type' | 'name'>): 'image' | 'pdf' | null {
  if (file.type === 'application/pdf' || (!file.type && /\.pdf$/i.test(file.name))) return 'pdf';
  if (file.type.startsWith('image/') || (!file.type && /\.(jpe?g|png|webp|heic|heif)$/i.test(file.name))) return 'image';
  return null;
}

let counter = 0;
function nextKey(): string {
  counter += 1;
  return `page-${counter}`;
}

/** Photos added at the end, in the order picked. */
export function addPhotos(pages: readonly ListedPage[], photos: readonly { blob: Blob; name: string }[]): ListedPage[] {
  return [...pages, ...photos.map(({ blob, name }) => ({ key: nextKey(), file: blob, name, rotation: 0 as const, stagedId: null }))];
}

/** Pages the server already holds (staged before a reload), in the order it lists them, ahead of nothing new. */
export function stagedPages(ids: readonly string[]): ListedPage[] {
  return ids.map((id, index) => ({ key: nextKey(), file: null, name: String(index + 1), rotation: 0, stagedId: id }));
}

/** Moves the page from one place to another; out of range changes nothing. */
export function movePage(pages: readonly ListedPage[], from: number, to: number): ListedPage[] {
  if (from === to || from < 0 || to < 0 || from >= pages.length || to >= pages.length) return [...pages];
  const moved = [...pages];
  const [page] = moved.splice(from, 1);
  if (page) moved.splice(to, 0, page);
  return moved;
}

/** One place earlier (-1) or later (+1). */
export function stepPage(pages: readonly ListedPage[], key: string, step: -1 | 1): ListedPage[] {
  const from = pages.findIndex((page) => page.key === key);
  return from === -1 ? [...pages] : movePage(pages, from, from + step);
}

/** Turns the page a quarter clockwise; four turns bring it back. */
export function rotatePage(pages: readonly ListedPage[], key: string): ListedPage[] {
  return pages.map((page) => (page.key === key ? { ...page, rotation: ((page.rotation + 90) % 360) as PageRotation } : page));
}

export function removePage(pages: readonly ListedPage[], key: string): ListedPage[] {
  return pages.filter((page) => page.key !== key);
}

/** Records the server's id of an uploaded page. */
export function markStaged(pages: readonly ListedPage[], key: string, stagedId: string): ListedPage[] {
  return pages.map((page) => (page.key === key ? { ...page, stagedId } : page));
}

/** The hand-in's body: every page, uploaded, in order with its turn; null while any is still to upload. */
export function handInOrder(pages: readonly ListedPage[]): { id: string; rotation: PageRotation }[] | null {
  if (pages.length === 0 || pages.some((page) => page.stagedId === null)) return null;
  return pages.map((page) => ({ id: page.stagedId ?? '', rotation: page.rotation }));
}
