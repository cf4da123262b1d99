import Box from '@mui/material/Box';
import type { FormEvent, ReactNode } from 'react';

/** The column every step shares: a form, so Enter submits the step. */
export function StepForm({ onSubmit, children }: { onSubmit: (event: FormEvent) => void; children: ReactNode }) {
  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {children}
    </Box>
  );
}
