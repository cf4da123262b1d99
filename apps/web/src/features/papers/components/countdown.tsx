import { t } from 'i18next';
import Box from '@mui/material/Box';
import { HourglassTopIcon } from '../../../components/icons/hourglass-top';
import { formatClock } from '../../../i18n/format';
import { useCountdown } from '../hooks/use-countdown';
import type { ServerClock } from '../lib/server-clock';

/** Said to a screen reader only: the warnings' live regions. */
const SPOKEN_ONLY = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  m: '-1px',
  p: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * The time left until the student's deadline, by the server's clock (use-countdown.ts), redrawn on
 * its own as it ticks. The 10 and 5 minute warnings are read out politely, the last minute's at
 * once (docs/papers.md, 'The screens'); both regions are on the page from the start, so
 * screen readers hear what appears in them.
 */
export function Countdown({ clock, deadline }: { clock: ServerClock; deadline: string }) {
  const { secondsLeft, warning } = useCountdown(clock, deadline);
  const urgent = secondsLeft !== null && secondsLeft <= 5 * 60;
  const soon = secondsLeft !== null && secondsLeft <= 10 * 60;
  const said = warning === null ? '' : t('papersSitting.minutesLeft', { count: warning });
  return (
    <>
      <Box
        role="timer"
        aria-label={t('papersSitting.timeLeft')}
        sx={{
          display: 'inline-flex',
          alignItems: 'center',
          gap: 0.5,
          px: 1,
          py: 0.25,
          borderRadius: 1,
          fontWeight: 700,
          fontSize: '1.1rem',
          fontVariantNumeric: 'tabular-nums',
          whiteSpace: 'nowrap',
          // Orange and then red as the end nears; the colours keep their text readable (WCAG 1.4.3).
          bgcolor: urgent ? 'error.main' : soon ? 'warning.main' : 'transparent',
          color: urgent ? 'common.white' : soon ? 'common.black' : 'text.primary',
        }}
      >
        <HourglassTopIcon fontSize="small" aria-hidden />
        {secondsLeft === null ? '–:––' : formatClock(secondsLeft)}
      </Box>
      <Box aria-live="polite" sx={SPOKEN_ONLY}>
        {warning !== 1 ? said : ''}
      </Box>
      <Box aria-live="assertive" sx={SPOKEN_ONLY}>
        {warning === 1 ? said : ''}
      </Box>
    </>
  );
}
