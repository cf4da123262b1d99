import { useEffect, useState } from 'react';
import { fetchPublishedBanners } from '../lib/fetch-published';
import { takeEmbeddedBanners } from '../lib/embedded-banners';

/**
 * The login carousel's banners: the ones written into index.html, or (when the page is shown again,
 * e.g. after Log Out) asked from the server; undefined while asking. Plain state rather than
 * TanStack Query keeps the query library off the login page's first download (its 150 KB budget).
 * A failed call shows the academy's default images (an empty list), as a missing answer did.
 */
export function useLoginBanners(): string[] | undefined {
  const [urls, setUrls] = useState(takeEmbeddedBanners);
  useEffect(() => {
    if (urls) return;
    let mounted = true;
    fetchPublishedBanners()
      .then((fresh) => mounted && setUrls(fresh))
      .catch((error: unknown) => {
        console.error('Banner load failed', error);
        if (mounted) setUrls([]);
      });
    return () => {
      mounted = false;
    };
  }, [urls]);
  return urls;
}
