import { t } from 'i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { CloseIcon } from '../../../components/icons/close';
import { GridViewIcon } from '../../../components/icons/grid-view';
import { NavigateBeforeIcon } from '../../../components/icons/navigate-before';
import { NavigateNextIcon } from '../../../components/icons/navigate-next';
import { QuestionNavigator } from './question-navigator';
import { QuestionView, questionHeadingId, type PaperSheetProps } from './question-view';

/**
 * The phone's paper (narrower than 900 px): one question a screen, Previous and Next at the bottom
 * within the thumb's reach, and the navigator in a sheet that slides up (docs/papers.md,
 * 'The screens').
 */
export function SittingPhone({ questions, states, choices, ...shared }: PaperSheetProps) {
  const [index, setIndex] = useState(0);
  const [sheetOpen, setSheetOpen] = useState(false);
  // The first question shows without taking the focus; each move then brings the new one's heading to it.
  const moved = useRef(false);
  const count = questions.length;
  const current = Math.min(index, Math.max(0, count - 1));
  const question = questions[current];

  // By id: the store's every reading is a new object, and a choice must not move the focus.
  const questionId = question?.id;
  useEffect(() => {
    if (!moved.current || !questionId) return;
    window.scrollTo({ top: 0 });
    document.getElementById(questionHeadingId(questionId))?.focus();
  }, [questionId]);

  const go = (next: number) => {
    moved.current = true;
    setIndex(next);
    setSheetOpen(false);
  };

  if (!question) return null;
  return (
    <>
      <Box sx={{ px: 2, pt: 2, pb: 12 }}>
        <QuestionView
          {...shared}
          question={question}
          number={current + 1}
          count={count}
          optionId={choices[question.id] ?? null}
          flagged={states[current]?.flagged ?? false}
        />
      </Box>
      <Box
        component="nav"
        aria-label={t('papersSitting.moveBetween')}
        sx={{
          position: 'fixed',
          left: 0,
          right: 0,
          bottom: 0,
          zIndex: (theme) => theme.zIndex.appBar,
          display: 'flex',
          gap: 1,
          p: 1,
          pb: 'max(8px, env(safe-area-inset-bottom))',
          bgcolor: 'background.paper',
          borderTop: 1,
          borderColor: 'divider',
        }}
      >
        <Button startIcon={<NavigateBeforeIcon />} disabled={current === 0} onClick={() => go(current - 1)} sx={{ flex: 1 }}>
          {t('papers.previous')}
        </Button>
        <Button variant="outlined" startIcon={<GridViewIcon />} aria-haspopup="dialog" onClick={() => setSheetOpen(true)} sx={{ flex: 1 }}>
          {t('papersSitting.questions')}
        </Button>
        <Button endIcon={<NavigateNextIcon />} disabled={current === count - 1} onClick={() => go(current + 1)} sx={{ flex: 1 }}>
          {t('papers.next')}
        </Button>
      </Box>
      <Drawer
        anchor="bottom"
        open={sheetOpen}
        onClose={() => setSheetOpen(false)}
        slotProps={{ paper: { role: 'dialog', 'aria-modal': true, 'aria-labelledby': 'question-sheet-title', sx: { borderTopLeftRadius: 16, borderTopRightRadius: 16 } } }}
      >
        <Box sx={{ p: 2, maxHeight: '75dvh', overflowY: 'auto' }}>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
            <Typography id="question-sheet-title" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
              {t('papersSitting.questions')}
            </Typography>
            <IconButton aria-label={t('general.close')} onClick={() => setSheetOpen(false)}>
              <CloseIcon />
            </IconButton>
          </Box>
          <QuestionNavigator states={states} current={current} onGo={go} />
        </Box>
      </Drawer>
    </>
  );
}
