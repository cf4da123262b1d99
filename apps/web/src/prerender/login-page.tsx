import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import type { Branding } from '@academy/contract';
import { renderToString } from 'react-dom/server';
import { provideBanners, provideBranding } from './prerendered-data';

// The server's prerender of the login page (built by `vite build --ssr` into dist-prerender/, and
// loaded by the server's web-app plugin). It renders the same tree the browser does (app-element),
// with the styles that tree needs, so the page is complete in its first response and the app then
// takes it over without drawing it again.

export interface PrerenderedPage {
  /** What goes inside <div id="root">. */
  html: string;
  /** The <style> elements for the head: emotion's, marked so the browser's emotion reuses them. */
  styles: string;
}

export type LoginPageRenderer = (banners: string[]) => PrerenderedPage;

/** Loads the app's modules for this branding (they read it as they load) and returns the renderer. */
export async function createLoginPageRenderer(branding: Branding): Promise<LoginPageRenderer> {
  provideBranding(branding);
  const [{ appElement }, { startEnglish }] = await Promise.all([import('../app/app-element'), import('../i18n/setup')]);
  await startEnglish();
  return (banners) => {
    provideBanners(banners);
    // Emotion's default key, so the browser's default cache finds these styles and keeps them.
    const cache = createCache({ key: 'css' });
    const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);
    const html = renderToString(<CacheProvider value={cache}>{appElement()}</CacheProvider>);
    return { html, styles: constructStyleTagsFromChunks(extractCriticalToChunks(html)) };
  };
}
