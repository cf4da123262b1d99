import { t } from 'i18next';
import { WATCHED_PERCENT, type DriveItem } from '@academy/contract';
import { CloseIcon as Close } from '../../../components/icons/close';
import { DownloadIcon as Download } from '../../../components/icons/download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useViewersQuery } from '../api/get-viewers';
import { downloadText } from '../../../lib/csv-file';
import { viewersCsv } from '../lib/viewers-csv';
import { RetentionChart } from './retention-chart';
import { ViewersTable, VIEWER_COLUMNS } from './viewers-table';

function Count({ label, value }: { label: string; value: number }) {
  return (
    <Box sx={{ flex: '1 1 0', minWidth: 0, p: 1.5, borderRadius: 2, border: 1, borderColor: 'divider' }}>
      <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
        {value}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
    </Box>
  );
}

/** The tutor's panel for one lesson: who opened it, who watched past 90 %, who never did. */
export function ViewersDialog({ item, onClose }: { item: DriveItem; onClose: () => void }) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const query = useViewersQuery(item.id);
  const viewers = query.data ?? [];
  const opened = viewers.filter((viewer) => viewer.lastWatchedAt !== null).length;
  const watched = viewers.filter((viewer) => viewer.watchedPercent >= WATCHED_PERCENT).length;
  const exportCsv = () => {
    const headings = VIEWER_COLUMNS.map((column) => t(column.label));
    downloadText(viewersCsv(viewers, headings), `${item.name.replace(/\.[^.]+$/, '')} viewers.csv`);
  };

  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="md" aria-labelledby="viewers-title">
      <DialogTitle id="viewers-title" sx={{ pr: 6, overflowWrap: 'anywhere' }}>
        {t('watching.viewersTitle', { name: item.name })}
        <IconButton aria-label={t('watching.close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <Close />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {query.error ? (
          <Typography role="alert">{t('watching.loadFailed')}</Typography>
        ) : !query.data ? (
          <Typography role="status">{t('general.loadingDots')}</Typography>
        ) : (
          <>
            <Box sx={{ display: 'flex', gap: { xs: 1, sm: 1.5 } }}>
              <Count label={t('watching.opened')} value={opened} />
              <Count label={t('watching.watchedPast90')} value={watched} />
              <Count label={t('watching.neverOpened')} value={viewers.length - opened} />
            </Box>
            <RetentionChart fileId={item.id} />
            <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
              <Button variant="outlined" startIcon={<Download />} onClick={exportCsv} disabled={viewers.length === 0}>
                {t('watching.exportCsv')}
              </Button>
            </Box>
            {viewers.length === 0 ? <Typography>{t('watching.noStudents')}</Typography> : <ViewersTable viewers={viewers} />}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
