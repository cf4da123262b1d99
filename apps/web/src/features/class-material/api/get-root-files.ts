import { CLASS_MATERIAL_PATHS, driveListingAnswerSchema } from '@academy/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fillPath } from '../lib/paths';
import { classMaterialKeys } from './query-keys';

export function getRootFiles(email: string) {
  return apiRequest(fillPath(CLASS_MATERIAL_PATHS.rootFiles, { email }), { schema: driveListingAnswerSchema });
}

/**
 * An answer this fresh is shown without asking again: the listing the app asked for on the way to
 * the drive (prefetch-root-files.ts) is not fetched a second time when the page mounts. Changes
 * made here invalidate it at once.
 */
export const ROOT_FILES_FRESH_MS = 10_000;

/** Spec section 2: on open, the root folder's files for the signed-in e-mail. */
export function useRootFilesQuery(email: string, enabled: boolean) {
  return useQuery({
    queryKey: classMaterialKeys.root(email),
    queryFn: () => getRootFiles(email),
    enabled,
    staleTime: ROOT_FILES_FRESH_MS,
    select: (answer) => answer.files,
  });
}
