import { useQuery } from '@tanstack/react-query';
import { bannerKeys } from '../api/query-keys';
import { takeEmbeddedBanners } from '../lib/embedded-banners';

// The call and its schemas load with the first call, never with the login page: on a fresh visit
// the page already has the banners from index.html and makes no call at all.
const fetchBanners = () => import('../api/get-banners').then((m) => m.getBanners());

/** The banners in index.html are as fresh as the page; asked again only after this long (or a cleared cache). */
const STALE_AFTER_MS = 5 * 60 * 1000;

/** The published campaign's addresses (empty: none posted), for the carousel and the Banners tab. */
export function usePublishedBanners() {
  return useQuery({
    queryKey: bannerKeys.published,
    queryFn: fetchBanners,
    initialData: takeEmbeddedBanners,
    staleTime: STALE_AFTER_MS,
  });
}
