import { t } from 'i18next';
import { isAdmin } from '@academy/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { PageLoader } from '../../../components/page-loader';
import { readSession } from '../../../lib/session';
import { MyFeesContent } from './my-fees-section';

// The admins' screen is a chunk of its own: a student's /fees never downloads it.
const FeesPage = lazy(() => import('./admin/fees-page').then((m) => ({ default: m.FeesPage })));

/** The student's own fees at /fees: the same as Profile's section, as a page. */
function MyFeesPage() {
  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto', width: '100%', display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, color: 'primary.main' }}>
        {t('fees.myFeesTitle')}
      </Typography>
      <MyFeesContent />
    </Box>
  );
}

/**
 * `/fees`: the one address of fees for everyone (fees.md: a notification's link works for both),
 * the admins' fees screen for an admin, the student's own fees for a student.
 */
export function FeesRoute() {
  if (!isAdmin(readSession()?.accountType)) return <MyFeesPage />;
  return (
    <Suspense fallback={<PageLoader />}>
      <FeesPage />
    </Suspense>
  );
}
