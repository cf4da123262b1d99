import { t } from 'i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { passwordStrength } from '../lib/password-strength';

const STEPS = [1, 2, 3, 4] as const;
const STEP_COLOURS = ['error.main', 'error.main', 'warning.main', 'success.main', 'success.dark'] as const;

/**
 * Under a new-password field (ASVS 2.1.8): four steps filled by the estimate, and a sentence that
 * says the same in words, read out as it changes, so the colour is never the only sign. Before
 * twelve characters it is the length hint.
 */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const { level, score } = passwordStrength(password);
  return (
    <Box data-testid="password-strength" data-level={level} sx={{ mt: 0.75 }}>
      <Box aria-hidden sx={{ display: 'flex', gap: 0.5, mb: 0.5 }}>
        {STEPS.map((step) => (
          <Box key={step} sx={{ flex: 1, height: 4, borderRadius: 2, bgcolor: step <= score ? STEP_COLOURS[score] : 'action.disabledBackground' }} />
        ))}
      </Box>
      <Typography variant="caption" component="p" aria-live="polite" sx={{ color: 'text.secondary', m: 0 }}>
        {t(`students.passwordStrength.${level}`)}
      </Typography>
    </Box>
  );
}
