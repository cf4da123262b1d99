/** Only web addresses become links: a stored value that is anything else is shown as nothing. */
export function isWebLink(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** When a message was sent, in the reader's own language and time zone. */
export function sentAt(iso: string): string {
  return dateFormat.format(new Date(iso));
}

export function viewsLabel(views: number): string {
  return `${views} ${views === 1 ? 'view' : 'views'}`;
}
