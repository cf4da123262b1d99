import { t } from 'i18next';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { ArrowBackIcon } from '../../../components/icons/arrow-back';

interface SittingTopBarProps {
  wide: boolean;
  title: string;
  /** The countdown and the save state: they stay in view (docs/papers.md, 'The screens'). */
  countdown: ReactNode;
  status: ReactNode;
  handingIn: boolean;
  onLeave: () => void;
  onHandIn: () => void;
}

/**
 * The sitting screen's bar, in place of the portal's drawer and app bar: Leave (the attempt goes
 * on running), the countdown, the save state and Hand in. On a phone the title moves below it, and
 * the save state takes a line of its own.
 */
export function SittingTopBar({ wide, title, countdown, status, handingIn, onLeave, onHandIn }: SittingTopBarProps) {
  const handIn = (
    <Button variant="contained" disabled={handingIn} onClick={onHandIn} sx={{ flexShrink: 0 }}>
      {handingIn ? t('papersSitting.handingIn') : t('papers.handIn')}
    </Button>
  );
  return (
    <AppBar position="sticky" elevation={0} sx={{ bgcolor: 'background.paper', color: 'text.primary', borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar sx={{ gap: { xs: 1, md: 2 }, flexWrap: 'wrap', py: 1 }}>
        <Button startIcon={<ArrowBackIcon />} onClick={onLeave} sx={{ flexShrink: 0 }}>
          {t('papers.leave')}
        </Button>
        {wide && (
          <Typography component="h1" variant="h6" noWrap sx={{ flexGrow: 1, minWidth: 0, fontWeight: 700, color: 'primary.main' }}>
            {title}
          </Typography>
        )}
        {wide && status}
        <Box sx={{ flexGrow: wide ? 0 : 1, display: 'flex', justifyContent: wide ? 'flex-end' : 'center' }}>{countdown}</Box>
        {handIn}
        {!wide && <Box sx={{ flexBasis: '100%', pb: 0.5 }}>{status}</Box>}
      </Toolbar>
    </AppBar>
  );
}
