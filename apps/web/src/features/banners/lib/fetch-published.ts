// The call and its schemas load with the first call, never with the login page: on a fresh visit
// the page already has the banners from index.html and makes no call at all.
export const fetchPublishedBanners = () => import('../api/get-banners').then((m) => m.getBanners());
