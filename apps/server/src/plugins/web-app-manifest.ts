import type { Branding } from '@academy/contract';

/** Where the installable app's pieces are served (the web app's public folder holds the icons). */
export const MANIFEST_PATH = '/manifest.webmanifest';

/**
 * The web app manifest, made from the academy's branding so a rebranded academy installs under its
 * own name and colour. start_url is the login route, which sends a signed-in student on to /home.
 */
export function webAppManifest(branding: Branding) {
  return {
    id: '/',
    name: branding.title,
    short_name: branding.title,
    description: `${branding.title}: classes, recorded lessons and announcements`,
    lang: 'en',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: branding.colors.navy,
    background_color: branding.colors.navy,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
