import { t } from 'i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { ArrowDownwardIcon } from '../../../components/icons/arrow-downward';
import { ArrowUpwardIcon } from '../../../components/icons/arrow-upward';
import { DeleteOutlinedIcon } from '../../../components/icons/delete-outlined';
import { RotateRightIcon } from '../../../components/icons/rotate-right';
import { failureText } from '../../../lib/failure-alerts';
import type { UploadStatus } from '../hooks/use-script-pages';
import type { ListedPage } from '../lib/script-page-list';
import { ScriptPageThumb } from './script-page-thumb';

interface ScriptPageRowProps {
  paperId: string;
  page: ListedPage;
  number: number;
  count: number;
  status: UploadStatus;
  disabled: boolean;
  onStep: (step: -1 | 1) => void;
  onRotate: () => void;
  onRemove: () => void;
  onRetry: () => void;
}

function StatusLine({ status, number, onRetry }: { status: UploadStatus; number: number; onRetry: () => void }) {
  switch (status.kind) {
    case 'up':
      return <Typography variant="body2" sx={{ color: 'success.main' }}>{t('answerScripts.pageUp')}</Typography>;
    case 'waiting':
      return <Typography variant="body2" sx={{ color: 'text.secondary' }}>{t('answerScripts.pageWaiting')}</Typography>;
    case 'sending':
      return (
        <Box>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>{t('answerScripts.pageSending', { percent: status.percent })}</Typography>
          <LinearProgress variant="determinate" value={status.percent} aria-label={t('answerScripts.pageProgress', { number })} />
        </Box>
      );
    case 'failed':
      return (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Typography variant="body2" sx={{ color: 'error.main' }}>{failureText(status.error)}</Typography>
          <Button size="small" variant="outlined" onClick={onRetry}>{t('answerScripts.tryAgain')}</Button>
        </Box>
      );
  }
}

/** One page of the list: its picture, where its upload stands, and buttons to move, turn or remove it (no drag needed). */
export function ScriptPageRow({ paperId, page, number, count, status, disabled, onStep, onRotate, onRemove, onRetry }: ScriptPageRowProps) {
  return (
    <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 1, borderBottom: 1, borderColor: 'divider' }} aria-label={t('answerScripts.pageOf', { number })}>
      <ScriptPageThumb paperId={paperId} file={page.file} stagedId={page.stagedId} rotation={page.rotation} alt={t('answerScripts.pageOf', { number })} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }}>{t('answerScripts.pageOf', { number })}</Typography>
        <StatusLine status={status} number={number} onRetry={onRetry} />
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, 44px)', sm: 'repeat(4, 44px)' }, gap: 0.5 }}>
        <IconButton aria-label={t('answerScripts.moveUp', { number })} disabled={disabled || number === 1} onClick={() => onStep(-1)}>
          <ArrowUpwardIcon />
        </IconButton>
        <IconButton aria-label={t('answerScripts.moveDown', { number })} disabled={disabled || number === count} onClick={() => onStep(1)}>
          <ArrowDownwardIcon />
        </IconButton>
        <IconButton aria-label={t('answerScripts.rotatePage', { number })} disabled={disabled} onClick={onRotate}>
          <RotateRightIcon />
        </IconButton>
        <IconButton aria-label={t('answerScripts.removePageNumber', { number })} disabled={disabled} onClick={onRemove} color="error">
          <DeleteOutlinedIcon />
        </IconButton>
      </Box>
    </Box>
  );
}
