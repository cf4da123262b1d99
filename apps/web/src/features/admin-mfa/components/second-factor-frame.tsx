import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The plain centred card both two-step screens sit in: no menu, since nothing else is open yet. */
export function SecondFactorFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="main" sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 520, p: { xs: 2, sm: 4 }, borderRadius: 3, display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, color: 'primary.main' }}>
          {title}
        </Typography>
        {children}
      </Paper>
    </Box>
  );
}
