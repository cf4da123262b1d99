import {
  ANSWER_SCRIPTS_PATHS,
  myScriptAnswerSchema,
  PAGE_FIELD,
  pageUploadAnswerSchema,
  scriptHandInAnswerSchema,
  type ScriptHandInBody,
  type StagedPage,
} from '@academy/contract';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiDownload, apiRequest, apiUpload } from '../../../lib/api-client';
import { fillPath } from '../../../lib/api-path';
import { scriptKeys } from './script-keys';

/** The student's own script: staged pages and the upload deadline, or what was handed in (and, once released, its marks). */
export function useMyScriptQuery(paperId: string, enabled = true) {
  return useQuery({
    queryKey: scriptKeys.mine(paperId),
    queryFn: async () => (await apiRequest(fillPath(ANSWER_SCRIPTS_PATHS.script, { paperId }), { schema: myScriptAnswerSchema })).data,
    enabled: enabled && paperId !== '',
  });
}

/** One page, as one request with its progress: a page cut off is sent again whole, and pages already up stay up. */
export async function uploadPage(paperId: string, photo: Blob, name: string, onProgress: (fraction: number) => void): Promise<StagedPage> {
  const form = new FormData();
  form.append(PAGE_FIELD, photo, name);
  const answer = await apiUpload(fillPath(ANSWER_SCRIPTS_PATHS.pages, { paperId }), { form, schema: pageUploadAnswerSchema, onProgress });
  return answer.data.page;
}

export async function removeStagedPage(paperId: string, pageId: string): Promise<void> {
  await apiRequest(fillPath(ANSWER_SCRIPTS_PATHS.stagedPage, { paperId, pageId }), { method: 'DELETE', schema: z.unknown() });
}

export async function handInScript(paperId: string, body: ScriptHandInBody) {
  return (await apiRequest(fillPath(ANSWER_SCRIPTS_PATHS.handIn, { paperId }), { method: 'POST', body, schema: scriptHandInAnswerSchema })).data;
}

/** Saves a file the server sent under the name it gave (or `fallback`). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The student's marked script as one PDF, downloaded. */
export async function downloadMarkedScript(paperId: string, fallback: string): Promise<void> {
  const { blob, filename } = await apiDownload(fillPath(ANSWER_SCRIPTS_PATHS.markedPdf, { paperId }));
  saveBlob(blob, filename ?? fallback);
}
