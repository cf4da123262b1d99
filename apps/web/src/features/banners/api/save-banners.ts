import { bannerListAnswerSchema, BANNERS_PATHS } from '@academy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { bannerKeys } from './query-keys';

/** Posts the campaign: the uploaded addresses, in carousel order, replace what the login page shows. */
export async function saveBanners(imageUrl: string[]): Promise<string[]> {
  return (await apiRequest(BANNERS_PATHS.saveUrl, { method: 'POST', body: { imageUrl }, schema: bannerListAnswerSchema })).data;
}

export function useSaveBannersMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBanners,
    onSuccess: (published) => queryClient.setQueryData(bannerKeys.published, published),
  });
}
