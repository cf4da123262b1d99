import { FEES_PATHS, SLIP_FILE_FIELD, slipAnswerSchema } from '@academy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload } from '../../../lib/api-client';
import { classMaterialKeys } from '../../class-material/api/query-keys';
import { feeKeys } from './query-keys';

export interface SlipUpload {
  file: File;
  /** The class folder (or any folder in it). */
  folderId: string;
  months: string[];
  bank: string;
  reference: string;
  /** What the student says they transferred; the payment an approval records is the server's amount. */
  amountCents: number;
  paidOn: string;
  onProgress?: (fraction: number) => void;
}

/** A bank slip and its details, as multipart; the upload reports its progress as it goes. */
export function uploadSlip({ file, folderId, months, bank, reference, amountCents, paidOn, onProgress }: SlipUpload) {
  const form = new FormData();
  form.append('folderId', folderId);
  form.append('months', months.join(','));
  form.append('bank', bank);
  form.append('reference', reference);
  form.append('amountCents', String(amountCents));
  form.append('paidOn', paidOn);
  // The file last: the server reads the fields before the bytes.
  form.append(SLIP_FILE_FIELD, file);
  return apiUpload(FEES_PATHS.slips, { form, schema: slipAnswerSchema, onProgress }).then((answer) => answer.data);
}

export function useUploadSlipMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadSlip,
    // The months now say "Bank slip under review", in the student's fees and on the drive's cards.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: feeKeys.mine }), queryClient.invalidateQueries({ queryKey: classMaterialKeys.folders() })]),
  });
}
