import { t } from 'i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PlayArrowIcon } from '../../../components/icons/play-arrow';
import { failureText } from '../../../lib/failure-alerts';
import { paperKeys } from '../api/query-keys';
import { scriptKeys } from '../api/script-keys';
import { startPaper } from '../api/start-paper';
import { browserDeviceKey } from '../hooks/use-sitting';

/**
 * Start on a written-only paper's written answers page (answer-scripts.md): the same start as a
 * paper's (this browser's device key), which gives the attempt and so the upload deadline; then the
 * page shows the hand-in. There is no MCQ screen to go to.
 */
export function WrittenStartButton({ paperId }: { paperId: string }) {
  const queryClient = useQueryClient();
  const start = useMutation({
    mutationFn: () => startPaper(paperId, { deviceKey: browserDeviceKey() }),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: scriptKeys.mine(paperId) }), queryClient.invalidateQueries({ queryKey: paperKeys.detail(paperId) })]),
  });
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 1.5 }}>
      <Alert severity="info">{t('answerScripts.startFirst')}</Alert>
      {start.error && <Alert severity="error">{failureText(start.error)}</Alert>}
      <Button variant="contained" size="large" startIcon={<PlayArrowIcon />} disabled={start.isPending} onClick={() => start.mutate()}>
        {t('papers.start')}
      </Button>
    </Box>
  );
}
