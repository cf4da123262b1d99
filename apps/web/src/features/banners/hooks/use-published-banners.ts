import { useQuery } from '@tanstack/react-query';
import { bannerKeys } from '../api/query-keys';
import { takeEmbeddedBanners } from '../lib/embedded-banners';
import { fetchPublishedBanners } from '../lib/fetch-published';


/** The banners in index.html are as fresh as the page; asked again only after this long (or a cleared cache). */
const STALE_AFTER_MS = 5 * 60 * 1000;

/** The published campaign's addresses (empty: none posted), for the Banners tab. */
export function usePublishedBanners() {
  return useQuery({
    queryKey: bannerKeys.published,
    queryFn: fetchPublishedBanners,
    initialData: takeEmbeddedBanners,
    staleTime: STALE_AFTER_MS,
  });
}
