import { BANNERS_ELEMENT_ID } from '@academy/contract';
import type { Db } from '../../db/database';
import { jsonDataBlock } from '../../plugins/web-app';
import { publishedUrls } from './service';

/**
 * The published banners, written into index.html for each request: the login page shows them
 * without a call of its own first, so the first banner is fetched as soon as the page renders.
 */
export async function bannersHeadHtml(db: Db): Promise<string> {
  return jsonDataBlock(BANNERS_ELEMENT_ID, await publishedUrls(db));
}
