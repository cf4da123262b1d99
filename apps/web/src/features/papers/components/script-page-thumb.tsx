import type { PageRotation } from '@academy/contract';
import Box from '@mui/material/Box';
import { useEffect, useRef } from 'react';
import { usePageImageQuery } from '../api/script-page-image';

/** A photo from a blob, through an object address that lives as long as the <img>. */
function BlobThumb({ blob, alt, rotation }: { blob: Blob; alt: string; rotation: PageRotation }) {
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const address = URL.createObjectURL(blob);
    if (image.current) image.current.src = address;
    return () => URL.revokeObjectURL(address);
  }, [blob]);
  return (
    <Box
      component="img"
      ref={image}
      alt={alt}
      data-rotation={rotation}
      sx={{ maxWidth: 64, maxHeight: 64, objectFit: 'contain', transform: `rotate(${rotation}deg)`, transition: 'transform 0.2s' }}
    />
  );
}

interface ScriptPageThumbProps {
  paperId: string;
  /** The photo on the phone, or, for a page only the server holds, its id. */
  file: Blob | null;
  stagedId: string | null;
  rotation: PageRotation;
  alt: string;
}

/** A small picture of a page, turned as the student turned it. */
export function ScriptPageThumb({ paperId, file, stagedId, rotation, alt }: ScriptPageThumbProps) {
  const remote = usePageImageQuery(paperId, file ? null : stagedId);
  const blob = file ?? remote.data ?? null;
  return (
    <Box sx={{ width: 72, height: 72, flex: 'none', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'grey.100', borderRadius: 1, overflow: 'hidden' }}>
      {blob && <BlobThumb blob={blob} alt={alt} rotation={rotation} />}
    </Box>
  );
}
