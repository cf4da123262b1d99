import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { classMaterialKeys } from '../api/query-keys';
import { uploadClassFile } from '../api/upload-file';

export interface UploadState {
  /** The file being sent now, 1-based, of how many. */
  index: number;
  count: number;
  name: string;
  /** 0 to 100 for the file being sent. */
  percent: number;
}

export interface UploadFailure {
  name: string;
  error: Error;
}

/** Several files picked at once go up one after the other, each with its progress. */
export function useUploadQueue(folderId: string | null) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<UploadState | null>(null);

  const upload = async (files: File[]): Promise<UploadFailure[]> => {
    if (!folderId) return [];
    const failures: UploadFailure[] = [];
    for (const [position, file] of files.entries()) {
      const base = { index: position + 1, count: files.length, name: file.name };
      setState({ ...base, percent: 0 });
      try {
        await uploadClassFile(folderId, file, ({ loaded, total }) =>
          setState({ ...base, percent: total ? Math.min(100, Math.round((loaded / total) * 100)) : 0 }),
        );
      } catch (error) {
        failures.push({ name: file.name, error: error instanceof Error ? error : new Error(String(error)) });
      }
    }
    setState(null);
    await queryClient.invalidateQueries({ queryKey: classMaterialKeys.folder(folderId) });
    return failures;
  };

  return { state, upload };
}
