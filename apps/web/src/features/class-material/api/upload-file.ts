import { t } from 'i18next';
import { API_BASE, CLASS_FILE_FIELD, CLASS_MATERIAL_PATHS, driveItemAnswerSchema } from '@academy/contract';
import { ApiError } from '../../../lib/api-client';
import { readSession } from '../../../lib/session';
import { endRefusedSession } from '../../../lib/sign-out';
import { fillPath } from '../lib/paths';

export interface UploadProgress {
  loaded: number;
  total: number;
}

/**
 * One file into a class folder. XMLHttpRequest rather than fetch: only it reports upload progress,
 * which a 2 GB lesson on a slow line needs. The browser streams the file from disk as it sends.
 */
export function uploadClassFile(folderId: string, file: File, onProgress: (progress: UploadProgress) => void) {
  const form = new FormData();
  form.append(CLASS_FILE_FIELD, file);
  const session = readSession();
  return new Promise<ReturnType<typeof driveItemAnswerSchema.parse>>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${API_BASE}${fillPath(CLASS_MATERIAL_PATHS.upload, { folderId })}`);
    request.setRequestHeader('Accept', 'application/json');
    if (session) request.setRequestHeader('Authorization', `Bearer ${session.token}`);
    request.upload.onprogress = (event) => onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
    request.onerror = () => reject(new Error(t('classMaterial.uploadInterrupted')));
    request.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        // A proxy's HTML error page: the status still says what happened.
      }
      if (request.status >= 200 && request.status < 300) {
        resolve(driveItemAnswerSchema.parse(body));
        return;
      }
      if (request.status === 401 && session) endRefusedSession();
      reject(new ApiError(request.status, body));
    };
    request.send(form);
  });
}
