import { t } from 'i18next';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** While a paper is read. */
export function PaperLoading() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
      <CircularProgress aria-label={t('papers.loading')} />
    </Box>
  );
}
