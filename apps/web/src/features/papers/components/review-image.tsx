import { t } from 'i18next';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useQuestionImageQuery } from '../api/get-question-image';

/** The picture from a blob address made for as long as it is shown, set on the element directly. */
function BlobImage({ blob, alt }: { blob: Blob; alt: string }) {
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const address = URL.createObjectURL(blob);
    if (image.current) image.current.src = address;
    return () => URL.revokeObjectURL(address);
  }, [blob]);
  return <Box component="img" ref={image} alt={alt} sx={{ display: 'block', maxWidth: '100%', height: 'auto', maxHeight: 420, borderRadius: 1 }} />;
}

/** A question's picture in the review, fetched with the session's token (an <img> cannot send it). */
export function ReviewImage({ paperId, imageId, number }: { paperId: string; imageId: string; number: number }) {
  const query = useQuestionImageQuery(paperId, imageId);
  if (query.error) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('papersResults.imageFailed')}
      </Typography>
    );
  }
  if (!query.data) return <Skeleton variant="rounded" height={160} aria-label={t('general.loading')} />;
  return <BlobImage blob={query.data} alt={t('papersResults.questionPicture', { number })} />;
}
