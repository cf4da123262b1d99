import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { classMaterialKeys } from '../api/query-keys';
import { startResumableUpload, type ResumableUpload } from '../api/resumable-upload';
import { addSample, bytesPerSecond, secondsLeft, type TransferSample } from '../lib/transfer-rate';

export interface UploadState {
  /** The file being sent now, 1-based, of how many. */
  index: number;
  count: number;
  name: string;
  sent: number;
  total: number;
  /** 0 to 100 for the file being sent. */
  percent: number;
  /** Bytes per second lately; null until known or while paused. */
  rate: number | null;
  secondsLeft: number | null;
  paused: boolean;
}

export interface UploadFailure {
  name: string;
  error: Error;
}

/**
 * Several files picked at once go up one after the other, each resumable: the admin may pause and
 * resume the one being sent, with its progress, speed and time left.
 */
export function useUploadQueue(folderId: string | null) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<UploadState | null>(null);
  const current = useRef<ResumableUpload | null>(null);
  const samples = useRef<TransferSample[]>([]);

  const upload = async (files: File[]): Promise<UploadFailure[]> => {
    if (!folderId) return [];
    const failures: UploadFailure[] = [];
    for (const [position, file] of files.entries()) {
      const base = { index: position + 1, count: files.length, name: file.name, paused: false };
      samples.current = [];
      setState({ ...base, sent: 0, total: file.size, percent: 0, rate: null, secondsLeft: null });
      const started = startResumableUpload(folderId, file, (sent, total) => {
        samples.current = addSample(samples.current, { at: performance.now(), sent });
        const rate = bytesPerSecond(samples.current);
        setState((shown) => ({
          ...base,
          paused: shown?.paused ?? false,
          sent,
          total,
          percent: total ? Math.min(100, Math.floor((sent / total) * 100)) : 0,
          rate,
          secondsLeft: secondsLeft(sent, total, rate),
        }));
      });
      current.current = started;
      try {
        await started.done;
      } catch (error) {
        failures.push({ name: file.name, error: error instanceof Error ? error : new Error(String(error)) });
      }
      // Each landed file shows (with its processing) as soon as it is there.
      await queryClient.invalidateQueries({ queryKey: classMaterialKeys.folder(folderId) });
    }
    current.current = null;
    setState(null);
    return failures;
  };

  const pause = () => {
    current.current?.pause();
    samples.current = [];
    setState((shown) => shown && { ...shown, paused: true, rate: null, secondsLeft: null });
  };
  const resume = () => {
    setState((shown) => shown && { ...shown, paused: false });
    current.current?.resume();
  };

  return { state, upload, pause, resume };
}
