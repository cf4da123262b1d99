import { FEES_PATHS, type ExportQuery } from '@academy/contract';
import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../lib/api-client';
import { queryString } from '../../../lib/query-string';

/** The accountant's CSV of the days given, fetched with the session's token and handed to the browser as a download. */
export async function exportPayments(query: ExportQuery): Promise<void> {
  const { blob, filename } = await apiDownload(`${FEES_PATHS.export}${queryString({ ...query })}`);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename ?? `payments-${query.from}-${query.to}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function useExportPaymentsMutation() {
  return useMutation({ mutationFn: exportPayments });
}
