import { t } from 'i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { FlagIcon } from '../../../components/icons/flag';
import type { QuestionState } from '../lib/question-states';

interface QuestionNavigatorProps {
  states: readonly QuestionState[];
  /** The question on screen (the phone's one question a screen). */
  current?: number;
  onGo: (index: number) => void;
}

function stateWords(state: QuestionState): string {
  const words = [state.answered ? t('papersSitting.answered') : t('papersSitting.unanswered')];
  if (state.flagged) words.push(t('papersSitting.flagged'));
  return words.join(', ');
}

/**
 * Every question as a numbered button, marked answered (filled), unanswered (outlined) and flagged
 * (a flag), with the counts above; each button says its state in words too, so nothing is told by
 * colour alone.
 */
export function QuestionNavigator({ states, current, onGo }: QuestionNavigatorProps) {
  const answered = states.filter((state) => state.answered).length;
  const flagged = states.filter((state) => state.flagged).length;
  return (
    <Box component="nav" aria-label={t('papersSitting.questionsNavigator')}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, mb: 1.5 }}>
        <Typography variant="body2">{t('papersSitting.answeredCount', { count: answered })}</Typography>
        <Typography variant="body2">{t('papersSitting.unansweredCount', { count: states.length - answered })}</Typography>
        <Typography variant="body2" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25 }}>
          <FlagIcon fontSize="inherit" aria-hidden sx={{ color: 'warning.dark' }} />
          {t('papersSitting.flaggedCount', { count: flagged })}
        </Typography>
      </Box>
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(48px, 1fr))', gap: 1 }}>
        {states.map((state, index) => (
          <Box component="li" key={state.id} sx={{ position: 'relative' }}>
            <Button
              fullWidth
              variant={state.answered ? 'contained' : 'outlined'}
              aria-label={t('papersSitting.navigatorButton', { number: state.number, state: stateWords(state) })}
              aria-current={index === current ? 'step' : undefined}
              onClick={() => onGo(index)}
              sx={{
                minWidth: 0,
                height: 44,
                px: 0,
                fontVariantNumeric: 'tabular-nums',
                borderWidth: index === current ? 3 : undefined,
                borderStyle: 'solid',
                borderColor: index === current ? 'secondary.main' : state.answered ? 'transparent' : 'primary.main',
              }}
            >
              {state.number}
            </Button>
            {state.flagged && (
              <FlagIcon aria-hidden sx={{ position: 'absolute', top: -6, right: -4, fontSize: 18, color: 'warning.dark', pointerEvents: 'none' }} />
            )}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
