export const bannerKeys = {
  published: ['banners', 'published'] as const,
};
