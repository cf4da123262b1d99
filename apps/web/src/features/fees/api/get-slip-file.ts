import { FEES_PATHS } from '@academy/contract';
import { useEffect, useState } from 'react';
import { apiDownload } from '../../../lib/api-client';
import { fillPath } from '../../../lib/api-path';

/**
 * A slip's file (WebP or PDF), fetched with the session's token: the server serves it to its
 * owner and to admins only, `no-store`, so it cannot be an <img src> of its own address.
 */
export async function getSlipFile(slipId: string): Promise<Blob> {
  const { blob } = await apiDownload(fillPath(FEES_PATHS.slipFile, { slipId }));
  return blob;
}

export type SlipFileView = { kind: 'loading' } | { kind: 'shown'; url: string; type: string } | { kind: 'failed'; error: Error };

/** The slip's file as a blob: address for an <img> or a link, let go when the screen closes. */
export function useSlipFile(slipId: string): SlipFileView {
  const [view, setView] = useState<{ slipId: string; view: SlipFileView } | null>(null);
  useEffect(() => {
    let url: string | null = null;
    let cancelled = false;
    void getSlipFile(slipId).then(
      (blob) => {
        if (cancelled) return;
        url = URL.createObjectURL(blob);
        setView({ slipId, view: { kind: 'shown', url, type: blob.type } });
      },
      (error: unknown) => {
        if (!cancelled) setView({ slipId, view: { kind: 'failed', error: error instanceof Error ? error : new Error(String(error)) } });
      },
    );
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [slipId]);
  return view && view.slipId === slipId ? view.view : { kind: 'loading' };
}
