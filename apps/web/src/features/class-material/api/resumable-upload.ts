import { t } from 'i18next';
import { API_BASE, driveItemAnswerSchema, RESUMABLE_UPLOAD_METADATA, RESUMABLE_UPLOAD_PATH, type DriveItem } from '@academy/contract';
import { defaultOptions, DetailedError, Upload, type PreviousUpload } from 'tus-js-client';
import { ApiError } from '../../../lib/api-client';
import { readSession } from '../../../lib/session';
import { endRefusedSession } from '../../../lib/sign-out';

// One lesson file into a class folder through the server's resumable upload (tus): a cut line is
// retried from the last byte the server kept, and the upload's address is kept in localStorage
// under the file and folder, so picking the same file again after a reload (or a restart of the
// server) goes on where it stopped instead of from zero.

const ENDPOINT = `${API_BASE}${RESUMABLE_UPLOAD_PATH}`;
/** A dropped line is tried again after these waits; a refusal (4xx) is not. */
const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10000, 20000];

export interface ResumableUpload {
  /** Settles when the file has landed (its item) or was refused. */
  done: Promise<DriveItem>;
  /** Stops sending; what the server has is kept. */
  pause: () => void;
  /** Goes on from what the server has. */
  resume: () => void;
}

/** The same file (name, size, date) into the same folder resumes; into another folder it is a new upload. */
function fingerprintOf(file: File, folderId: string): string {
  return ['academy-lesson', folderId, file.name, file.size, file.lastModified].join(':');
}

function failureOf(error: Error): Error {
  if (!(error instanceof DetailedError) || !error.originalResponse) return new Error(t('classMaterial.uploadNetworkError'));
  const status = error.originalResponse.getStatus();
  let body: unknown = null;
  try {
    body = JSON.parse(error.originalResponse.getBody());
  } catch {
    // A proxy's HTML page: the status still says what happened.
  }
  if (status === 401 && readSession()) endRefusedSession();
  return new ApiError(status, body);
}

export function startResumableUpload(folderId: string, file: File, onProgress: (sent: number, total: number) => void): ResumableUpload {
  let settle: { resolve: (item: DriveItem) => void; reject: (error: Error) => void } | undefined;
  const done = new Promise<DriveItem>((resolve, reject) => (settle = { resolve, reject }));
  const upload = new Upload(file, {
    endpoint: ENDPOINT,
    metadata: { [RESUMABLE_UPLOAD_METADATA.filename]: file.name, [RESUMABLE_UPLOAD_METADATA.folderId]: folderId },
    fingerprint: async () => fingerprintOf(file, folderId),
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    retryDelays: RETRY_DELAYS_MS,
    // The session's token as it is at each request: a long upload outlives no sign-in change unseen.
    onBeforeRequest: (request) => {
      const session = readSession();
      if (session) request.setHeader('Authorization', `Bearer ${session.token}`);
      request.setHeader('Accept', 'application/json');
    },
    onProgress,
    onSuccess: ({ lastResponse }) => {
      try {
        settle?.resolve(driveItemAnswerSchema.parse(JSON.parse(lastResponse.getBody())).data);
      } catch (error) {
        settle?.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },
    onError: (error) => settle?.reject(failureOf(error)),
  });
  const start = () => {
    void upload.findPreviousUploads().then((previous) => {
      const latest = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
      if (latest) upload.resumeFromPreviousUpload(latest);
      upload.start();
    });
  };
  start();
  return { done, pause: () => void upload.abort(), resume: start };
}

/** Uploads into this folder that were cut off and not finished (in this browser), newest first. */
export async function unfinishedUploads(folderId: string): Promise<PreviousUpload[]> {
  const all = await defaultOptions.urlStorage.findAllUploads().catch(() => [] as PreviousUpload[]);
  return all
    .filter((previous) => previous.metadata[RESUMABLE_UPLOAD_METADATA.folderId] === folderId)
    .sort((a, b) => b.creationTime.localeCompare(a.creationTime));
}
