import type { Crumb } from '../hooks/use-drive-trail';

// A link straight to a folder of the drive screen: `/home?trail=…`, the folders from the class
// down, each with the name its breadcrumb shows. Other screens link into the drive this way (the
// return page of a payment to the month it opened); the server still decides what the folder shows.

const PARAM = 'trail';

/** The drive screen's address with `trail` open. */
export function folderLink(trail: Crumb[]): string {
  return `/home?${PARAM}=${encodeURIComponent(JSON.stringify(trail.map(({ id, name }) => ({ id, name }))))}`;
}

/** The trail a link names; empty (the classes) when it names none or cannot be read. */
export function trailOfSearch(search: URLSearchParams): Crumb[] {
  const text = search.get(PARAM);
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((crumb: unknown) => {
      const { id, name } = (crumb ?? {}) as Partial<Crumb>;
      return typeof id === 'string' && typeof name === 'string' && id !== '' ? [{ id, name }] : [];
    });
  } catch {
    return [];
  }
}
