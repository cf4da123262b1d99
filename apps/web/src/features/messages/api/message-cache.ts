import type { Message, MessageListAnswer } from '@academy/contract';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { messageKeys } from './query-keys';

// Changes to the cached list, from this tab's own calls and from live events alike, so the list
// never reloads to show one message. The first page's `paging.total` is the 'N Messages' count.

type Pages = InfiniteData<MessageListAnswer, string | null>;

/** Newest first, as the server orders them: by time, then by id. */
function isNewer(a: Message, b: Message): boolean {
  return a.createdAt === b.createdAt ? a._id > b._id : a.createdAt > b.createdAt;
}

function withTotal(data: Pages, change: number): Pages {
  const [first, ...rest] = data.pages;
  if (!first) return data;
  return { ...data, pages: [{ ...first, paging: { ...first.paging, total: first.paging.total + change } }, ...rest] };
}

function changeList(queryClient: QueryClient, change: (data: Pages) => Pages): void {
  queryClient.setQueryData<Pages>(messageKeys.list, (data) => (data ? change(data) : data));
}

/**
 * Replaces a message where it is, or puts a new one in its place by time. One older than every
 * loaded message, while older pages are still unloaded, waits for 'Show older messages'.
 */
export function upsertMessage(queryClient: QueryClient, message: Message): void {
  changeList(queryClient, (data) => {
    if (data.pages.some((page) => page.data.some((m) => m._id === message._id))) {
      return { ...data, pages: data.pages.map((page) => ({ ...page, data: page.data.map((m) => (m._id === message._id ? message : m)) })) };
    }
    const pageIndex = data.pages.findIndex((page) => page.data.some((m) => !isNewer(m, message)));
    const lastPage = data.pages.at(-1);
    if (pageIndex < 0 && lastPage?.paging.before) return data;
    const target = pageIndex < 0 ? data.pages.length - 1 : pageIndex;
    const pages = data.pages.map((page, i) => {
      if (i !== target) return page;
      const at = page.data.findIndex((m) => !isNewer(m, message));
      const list = [...page.data];
      list.splice(at < 0 ? list.length : at, 0, message);
      return { ...page, data: list };
    });
    return withTotal({ ...data, pages }, 1);
  });
}

export function removeMessage(queryClient: QueryClient, id: string): void {
  changeList(queryClient, (data) => {
    if (!data.pages.some((page) => page.data.some((m) => m._id === id))) return data;
    const pages = data.pages.map((page) => ({ ...page, data: page.data.filter((m) => m._id !== id) }));
    return withTotal({ ...data, pages }, -1);
  });
}
