import { BANNER_SIZES, bannerSrcSet, BANNERS_ELEMENT_ID, DEFAULT_BANNER_PATH } from '@academy/contract';
import type { Db } from '../../db/database';
import { jsonDataBlock } from '../../plugins/json-data-block';
import { publishedUrls } from './service';

/** Attribute values are our own addresses; quotes and angle brackets are escaped all the same. */
const attribute = (value: string) => value.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The login page's banners: their addresses, and the head elements that carry them to the page. */
export interface LoginBanners {
  urls: string[];
  head: string;
}

/**
 * The published banners, written into index.html for each request: the login page shows them
 * without a call of its own (and the server's drawing of it shows them too), and the first one
 * (what the page paints largest) is preloaded, so it downloads beside the scripts.
 */
export async function loginBanners(db: Db): Promise<LoginBanners> {
  const urls = await publishedUrls(db);
  const [first] = urls;
  const preload = first
    ? `<link rel="preload" as="image" fetchpriority="high" imagesrcset="${attribute(bannerSrcSet(first))}" imagesizes="${attribute(BANNER_SIZES)}">`
    : `<link rel="preload" as="image" fetchpriority="high" href="${DEFAULT_BANNER_PATH}">`;
  return { urls, head: `${preload}${jsonDataBlock(BANNERS_ELEMENT_ID, urls)}` };
}
