import { t } from 'i18next';
import { ANNOTATION_COLORS, WRITTEN_LIMITS, type AnnotationColor } from '@academy/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { CheckIcon } from '../../../components/icons/check';
import { CloseIcon } from '../../../components/icons/close';
import { EditOutlinedIcon } from '../../../components/icons/edit-outlined';
import { TextFieldsIcon } from '../../../components/icons/text-fields';
import { UndoIcon } from '../../../components/icons/undo';
import { SHAPE_COLORS, type Tool } from '../lib/script-annotations';

const TOOLS: { tool: Tool; word: 'answerScripts.pen' | 'answerScripts.tick' | 'answerScripts.cross' | 'answerScripts.textMark'; icon: React.ReactNode }[] = [
  { tool: 'tick', word: 'answerScripts.tick', icon: <CheckIcon /> },
  { tool: 'cross', word: 'answerScripts.cross', icon: <CloseIcon /> },
  { tool: 'pen', word: 'answerScripts.pen', icon: <EditOutlinedIcon /> },
  { tool: 'text', word: 'answerScripts.textMark', icon: <TextFieldsIcon /> },
];

const COLOR_WORDS: Record<AnnotationColor, 'answerScripts.red' | 'answerScripts.blue' | 'answerScripts.green'> = {
  red: 'answerScripts.red',
  blue: 'answerScripts.blue',
  green: 'answerScripts.green',
};

interface MarkingToolsProps {
  tool: Tool;
  color: AnnotationColor;
  text: string;
  canUndo: boolean;
  onTool: (tool: Tool) => void;
  onColor: (color: AnnotationColor) => void;
  onText: (text: string) => void;
  onUndo: () => void;
}

/** The marker's tools: tick, cross, pen and text; a colour; Undo; and the words a text mark writes. */
export function MarkingTools({ tool, color, text, canUndo, onTool, onColor, onText, onUndo }: MarkingToolsProps) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
      <ToggleButtonGroup exclusive size="small" value={tool} onChange={(_, next: Tool | null) => next && onTool(next)} aria-label={t('answerScripts.tools')}>
        {TOOLS.map(({ tool: value, word, icon }) => (
          <ToggleButton key={value} value={value} aria-label={t(word)} sx={{ gap: 0.5, px: 1.25 }}>
            {icon}
            <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
              {t(word)}
            </Box>
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <ToggleButtonGroup exclusive size="small" value={color} onChange={(_, next: AnnotationColor | null) => next && onColor(next)} aria-label={t('answerScripts.colour')}>
        {ANNOTATION_COLORS.map((value) => (
          <ToggleButton key={value} value={value} aria-label={t(COLOR_WORDS[value])}>
            <Box sx={{ width: 18, height: 18, borderRadius: '50%', bgcolor: SHAPE_COLORS[value] }} />
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Button size="small" variant="outlined" startIcon={<UndoIcon />} disabled={!canUndo} onClick={onUndo}>
        {t('answerScripts.undo')}
      </Button>
      {tool === 'text' && (
        <TextField
          size="small"
          label={t('answerScripts.textToWrite')}
          value={text}
          onChange={(event) => onText(event.target.value)}
          slotProps={{ htmlInput: { maxLength: WRITTEN_LIMITS.textMax } }}
          sx={{ minWidth: 220, flex: 1 }}
        />
      )}
    </Box>
  );
}
