import { PRIVACY_PATHS } from '@academy/contract';
import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../lib/api-client';
import { saveDownload } from '../../../lib/save-download';

/** Everything the portal keeps about the signed-in account, saved as the server's JSON file. */
export async function exportMyData(): Promise<void> {
  const { blob, filename } = await apiDownload(PRIVACY_PATHS.export);
  saveDownload(blob, filename ?? 'my-data.json');
}

export function useExportMyDataMutation() {
  return useMutation({ mutationFn: exportMyData });
}
