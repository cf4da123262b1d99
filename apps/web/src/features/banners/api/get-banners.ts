import { bannerListAnswerSchema, BANNERS_PATHS } from '@academy/contract';
import { apiRequest } from '../../../lib/api-client';

/** The published campaign's addresses. Its query hook is hooks/use-published-banners.ts. */
export async function getBanners(): Promise<string[]> {
  return (await apiRequest(BANNERS_PATHS.getUrl, { schema: bannerListAnswerSchema })).data;
}
