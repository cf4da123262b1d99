import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';

interface TraceProgressProps {
  /** What is under way, in words, with its percentage. */
  label: string;
  /** Null while it waits for its turn (an indeterminate bar). */
  percent: number | null;
  /** The bar's accessible name. */
  barLabel: string;
  hint?: string;
}

/** One long step of a trace (sending the copy, reading it): its words, a bar, and what to expect. */
export function TraceProgress({ label, percent, barLabel, hint }: TraceProgressProps) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }} data-testid="trace-progress">
      <Box role="status" aria-live="polite">
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{label}</Typography>
      </Box>
      <LinearProgress
        variant={percent === null ? 'indeterminate' : 'determinate'}
        value={percent ?? 0}
        aria-label={barLabel}
        sx={{ height: 8, borderRadius: 4 }}
      />
      {hint && (
        <Typography variant="body2" color="text.secondary">
          {hint}
        </Typography>
      )}
    </Box>
  );
}
