import { queryClient } from '../../../lib/query-client';
import { getRootFiles, ROOT_FILES_FRESH_MS } from './get-root-files';
import { classMaterialKeys } from './query-keys';

/**
 * Asks for the drive's root listing before its page's code has arrived: the app calls this as soon
 * as a signed-in visit heads for the drive, so the answer downloads beside the page's chunks
 * instead of after them (the drive page reads it from the cache under the same key).
 */
export function prefetchRootFiles(email: string): Promise<void> {
  return queryClient.prefetchQuery({ queryKey: classMaterialKeys.root(email), queryFn: () => getRootFiles(email), staleTime: ROOT_FILES_FRESH_MS });
}
