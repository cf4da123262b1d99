import { t } from 'i18next';
import { driveItemKind } from '@academy/contract';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useCallback, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { CenteredMessage } from '../../../components/centered-message';
import { Watermark } from '../../../components/watermark';
import { ApiError } from '../../../lib/api-client';
import { useFileTicketQuery } from '../api/get-file-ticket';
import { LessonPlayer } from './lesson-player';

// PDF.js is large: it is fetched only when a PDF is opened.
/** A read that fails again this soon after a fresh address is not an expired ticket: stop asking. */
const RENEW_AT_MOST_EVERY_MS = 10_000;
const PdfViewer = lazy(() => import('./pdf-viewer').then((m) => ({ default: m.PdfViewer })));

function Loading() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 10 }}>
      <CircularProgress aria-label={t('classMaterial.loadingFile')} />
    </Box>
  );
}

/** Follows what the student does with the file (the watching feature's progress and resume point); composed in by the router. */
export interface FileTracker {
  fileId: string;
  kind: 'video' | 'pdf';
  children: (seam: { onVideo: (video: HTMLVideoElement | null) => void; overlay: ReactNode }) => ReactNode;
}

function Untracked({ children }: FileTracker) {
  return children({ onVideo: () => undefined, overlay: null });
}

/**
 * The file viewer at /view/{fileId}, opened in a new tab by 'View File' (PRODUCT.md 'Class
 * material'). It asks for a short-lived secure-file address with the session's token; when a read
 * fails (the address expired, or access ended) it asks again, and the server decides.
 */
export function FileViewerPage({ tracker: Tracker = Untracked }: { tracker?: ComponentType<FileTracker> }) {
  const { fileId = '' } = useParams();
  const query = useFileTicketQuery(fileId);
  const { refetch } = query;
  const lastRenewal = useRef(0);
  const [unplayable, setUnplayable] = useState(false);
  const renew = useCallback(() => {
    if (Date.now() - lastRenewal.current < RENEW_AT_MOST_EVERY_MS) {
      setUnplayable(true);
      return;
    }
    lastRenewal.current = Date.now();
    void refetch();
  }, [refetch]);
  const ticket = query.data;

  if (unplayable) {
    return <CenteredMessage heading={t('classMaterial.somethingWentWrong')} text={t('classMaterial.filePlayFailedText')} />;
  }

  if (query.error) {
    const gone = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 403);
    return (
      <CenteredMessage
        heading={gone ? t('classMaterial.fileGone') : t('classMaterial.somethingWentWrong')}
        text={gone ? t('classMaterial.fileGoneText') : t('classMaterial.fileFailedText')}
      />
    );
  }

  return (
    <Box
      onContextMenu={(event) => event.preventDefault()}
      sx={{ minHeight: '100dvh', bgcolor: '#10151f', color: 'common.white', p: { xs: 1, sm: 2 }, userSelect: 'none' }}
    >
      {!ticket ? (
        <Loading />
      ) : (
        <>
          <Typography variant="subtitle1" component="h1" sx={{ fontWeight: 700, mb: 1, overflowWrap: 'anywhere', maxWidth: 1200, mx: 'auto' }}>
            {ticket.file.name}
          </Typography>
          {driveItemKind(ticket.file) === 'video' ? (
            <>
              {!ticket.hls && (
                <Typography variant="body2" sx={{ maxWidth: 1200, mx: 'auto', mb: 1, color: 'rgba(255,255,255,0.8)' }}>
                  {t('lessons.stillProcessing')}
                </Typography>
              )}
              <Tracker fileId={ticket.file.id} kind="video">
                {({ onVideo, overlay }) => (
              <LessonPlayer
                title={ticket.file.name}
                source={{ hls: ticket.hls, mp4: ticket.url }}
                thumbnailsUrl={ticket.thumbnailsUrl}
                posterUrl={ticket.posterUrl}
                durationSeconds={ticket.durationSeconds}
                onReadError={renew}
                watermark={<Watermark {...ticket.watermark} />}
                onVideo={onVideo}
              >
                {overlay}
              </LessonPlayer>
                )}
              </Tracker>
            </>
          ) : (
            <Tracker fileId={ticket.file.id} kind="pdf">
              {() => (
                <Suspense fallback={<Loading />}>
                  <PdfViewer src={ticket.url} title={ticket.file.name} onReadError={renew} watermark={<Watermark {...ticket.watermark} />} />
                </Suspense>
              )}
            </Tracker>
          )}
        </>
      )}
    </Box>
  );
}
