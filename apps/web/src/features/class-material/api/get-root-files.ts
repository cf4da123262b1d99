import { CLASS_MATERIAL_PATHS, driveListingAnswerSchema } from '@academy/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fillPath } from '../lib/paths';
import { classMaterialKeys } from './query-keys';

export function getRootFiles(email: string) {
  return apiRequest(fillPath(CLASS_MATERIAL_PATHS.rootFiles, { email }), { schema: driveListingAnswerSchema });
}

/** Spec section 2: on open, the root folder's files for the signed-in e-mail. */
export function useRootFilesQuery(email: string, enabled: boolean) {
  return useQuery({
    queryKey: classMaterialKeys.root(email),
    queryFn: () => getRootFiles(email),
    enabled,
    select: (answer) => answer.files,
  });
}
