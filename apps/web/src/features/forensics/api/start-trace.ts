import { FORENSICS_PATHS, TRACE_FILE_FIELD, traceCreatedAnswerSchema } from '@academy/contract';
import { useMutation } from '@tanstack/react-query';
import { apiUpload } from '../../../lib/api-client';

export interface StartTraceInput {
  file: File;
  /** 0…1 as the copy is sent. */
  onProgress: (fraction: number) => void;
}

/** Sends a leaked copy to be traced (admin); the answer names the trace to follow. */
export function startTrace({ file, onProgress }: StartTraceInput) {
  const form = new FormData();
  form.append(TRACE_FILE_FIELD, file, file.name);
  return apiUpload(FORENSICS_PATHS.traces, { form, schema: traceCreatedAnswerSchema, onProgress });
}

export function useStartTraceMutation() {
  return useMutation({ mutationFn: startTrace });
}
