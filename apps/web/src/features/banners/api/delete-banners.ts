import { bannerListAnswerSchema, BANNERS_PATHS } from '@academy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { bannerKeys } from './query-keys';

/** Deletes the published campaign; the login page shows the academy's default images. */
export async function deleteBanners(): Promise<void> {
  await apiRequest(BANNERS_PATHS.deleteBanner, { method: 'DELETE', schema: bannerListAnswerSchema });
}

export function useDeleteBannersMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBanners,
    onSuccess: () => queryClient.setQueryData(bannerKeys.published, []),
  });
}
