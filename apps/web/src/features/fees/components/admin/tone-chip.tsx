import type { MonthState } from '@academy/contract';
import Chip, { type ChipProps } from '@mui/material/Chip';

// Chips whose colour says how a month or an item stands. MUI's warning orange reads at about 3:1
// on white, below AA for the words drawn in it (WCAG 1.4.3), so every tone here is a dark ink on
// a light fill.

export type Tone = 'good' | 'wait' | 'owe' | 'plain';

const TONES: Record<Tone, { color: string; bgcolor: string; borderColor: string }> = {
  good: { color: '#1b5e20', bgcolor: '#e8f5e9', borderColor: '#a5d6a7' },
  wait: { color: '#7a3e00', bgcolor: '#fff3e0', borderColor: '#ffcc80' },
  owe: { color: '#b71c1c', bgcolor: '#ffebee', borderColor: '#ef9a9a' },
  plain: { color: 'rgba(0, 0, 0, 0.87)', bgcolor: 'transparent', borderColor: '#bdbdbd' },
};

/** A fee month's tone: open (paid, free, exception), waiting on a slip or PayHere, overdue, or simply unpaid. */
export function monthTone(state: MonthState, overdue = false): Tone {
  if (state === 'paid' || state === 'free' || state === 'exception') return 'good';
  if (state === 'pending') return 'wait';
  return overdue ? 'owe' : 'plain';
}

export function ToneChip({ tone, strong = false, sx, ...props }: Omit<ChipProps, 'color' | 'variant'> & { tone: Tone; strong?: boolean }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      // A long label (Sinhala, a class's name) wraps inside the chip rather than being cut off.
      sx={{ ...TONES[tone], fontWeight: strong ? 700 : undefined, borderWidth: strong ? 2 : 1, height: 'auto', minHeight: 24, maxWidth: '100%', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 }, ...sx }}
      {...props}
    />
  );
}
