import { t } from 'i18next';
import { ANSWER_SCRIPTS_PATHS } from '@academy/contract';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { CenteredMessage } from '../../../components/centered-message';
import { ArrowBackIcon } from '../../../components/icons/arrow-back';
import { LinkButton } from '../../../components/link-button';
import { Watermark } from '../../../components/watermark';
import { apiDownload } from '../../../lib/api-client';
import { fillPath } from '../../../lib/api-path';
import { failureText } from '../../../lib/failure-alerts';

// PDF.js draws the sheet onto canvases, as the class material's PDFs: no browser viewer, so no
// download or print button. Loaded only when the sheet is opened.
const PdfViewer = lazy(() => import('../../class-material/components/pdf-viewer').then((m) => ({ default: m.PdfViewer })));

function Loading() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 10 }}>
      <CircularProgress aria-label={t('answerScripts.loadingSheet')} />
    </Box>
  );
}

type Sheet = { kind: 'loading' } | { kind: 'shown'; bytes: Uint8Array } | { kind: 'failed'; error: Error };

/** The sheet's bytes, fetched with the session's token (never an address a student could open or save). */
function useSheet(paperId: string, attempt: number): Sheet {
  const [sheet, setSheet] = useState<{ attempt: number; sheet: Sheet } | null>(null);
  useEffect(() => {
    let cancelled = false;
    apiDownload(fillPath(ANSWER_SCRIPTS_PATHS.sheet, { paperId }))
      .then(async ({ blob }) => new Uint8Array(await blob.arrayBuffer()))
      .then(
        (bytes) => {
          if (!cancelled) setSheet({ attempt, sheet: { kind: 'shown', bytes } });
        },
        (error: unknown) => {
          if (!cancelled) setSheet({ attempt, sheet: { kind: 'failed', error: error instanceof Error ? error : new Error(String(error)) } });
        },
      );
    return () => {
      cancelled = true;
    };
  }, [paperId, attempt]);
  return sheet && sheet.attempt === attempt ? sheet.sheet : { kind: 'loading' };
}

/**
 * #/papers/{id}/written/sheet: the question sheet in the app. A student's copy comes from the
 * server stamped with their name and regNo on every page; the moving mark over it is the class
 * material's, so a photo of the screen names them too. Never a clean file to save.
 */
export function QuestionSheetPage({ watermark }: { watermark?: { name: string; regNo: string } }) {
  const { paperId = '' } = useParams();
  const [attempt, setAttempt] = useState(0);
  const sheet = useSheet(paperId, attempt);
  // Stable: the viewer reopens the document whenever this changes. Fetched again once at most: a sheet that cannot be read stays so.
  const retry = useCallback(() => setAttempt((count) => Math.min(count + 1, 2)), []);
  const back = `/papers/${encodeURIComponent(paperId)}/written`;

  if (sheet.kind === 'failed') {
    return (
      <CenteredMessage
        heading={t('answerScripts.questionSheet')}
        text={failureText(sheet.error)}
        action={<LinkButton to={back} variant="contained">{t('papersResults.backToPaper')}</LinkButton>}
      />
    );
  }
  return (
    <Box
      onContextMenu={(event) => event.preventDefault()}
      sx={{ minHeight: '100dvh', bgcolor: '#10151f', color: 'common.white', p: { xs: 1, sm: 2 }, userSelect: 'none' }}
    >
      <Box sx={{ maxWidth: 900, mx: 'auto', mb: 1, display: 'flex', alignItems: 'center', gap: 1 }}>
        <LinkButton to={back} startIcon={<ArrowBackIcon />} sx={{ color: 'common.white' }}>
          {t('answerScripts.writtenPart')}
        </LinkButton>
        <Box component="h1" sx={{ m: 0, fontSize: '1rem', fontWeight: 700 }}>
          {t('answerScripts.questionSheet')}
        </Box>
      </Box>
      {sheet.kind !== 'shown' ? (
        <Loading />
      ) : (
        <Suspense fallback={<Loading />}>
          <PdfViewer
            src={sheet.bytes}
            title={t('answerScripts.questionSheet')}
            onReadError={retry}
            watermark={watermark ? <Watermark name={watermark.name} regNo={watermark.regNo} /> : null}
          />
        </Suspense>
      )}
    </Box>
  );
}
