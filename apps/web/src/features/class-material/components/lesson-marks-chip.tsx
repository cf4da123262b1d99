import { t } from 'i18next';
import type { LessonMarks } from '@academy/contract';
import { FingerprintIcon as Fingerprint } from '../../../components/icons/fingerprint';
import { GppMaybeIcon as GppMaybe } from '../../../components/icons/gpp-maybe';
import { HourglassTopIcon as HourglassTop } from '../../../components/icons/hourglass-top';
import Chip from '@mui/material/Chip';

/**
 * A long label (Sinhala, a phone) wraps inside the chip instead of being cut. The words stay in the
 * text colour (the info and warning hues are below 4.5:1 on white); the icon and border carry the hue.
 */
const WRAPPING = { maxWidth: '100%', height: 'auto', minHeight: 24, '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } } as const;

/** Each state's icon, label key and border; only the marked state keeps its words quiet. */
const LOOKS = {
  adding: { icon: <HourglassTop color="info" />, label: 'lessons.marksAdding', sx: { borderColor: 'info.main' } },
  none: { icon: <GppMaybe color="warning" />, label: 'lessons.marksNone', sx: { borderColor: 'warning.main' } },
  ready: { icon: <Fingerprint />, label: 'lessons.marksReady', sx: { color: 'text.secondary' } },
} as const;

/**
 * Admins only: whether a ready lesson's streams carry leak marks. A marked lesson says
 * so quietly; one without marks, or getting them, says so plainly.
 */
export function LessonMarksChip({ marks }: { marks: LessonMarks }) {
  const look = LOOKS[marks];
  return <Chip size="small" variant="outlined" icon={look.icon} label={t(look.label)} data-testid="lesson-marks" sx={{ ...WRAPPING, ...look.sx }} />;
}
