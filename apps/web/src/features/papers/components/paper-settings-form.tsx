import { t } from 'i18next';
import { BATCHES, MERIT_TOP_MAX, PAPER_LIMITS, REVIEW_LEVELS } from '@academy/contract';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useFormContext } from 'react-hook-form';
import { useFieldProblems } from '../hooks/use-field-problems';
import type { PaperFormValues } from '../lib/paper-form';
import { SriLankaTimeField } from './sri-lanka-time-field';

const wide = { gridColumn: { sm: '1 / -1' } };

interface PaperSettingsFormProps {
  /** Students have started: the opening time, the time limit and the shuffling can no longer change. */
  started: boolean;
}

/** The paper's own fields: title, instructions, times in Sri Lanka time, the limit, and its settings. */
export function PaperSettingsForm({ started }: PaperSettingsFormProps) {
  const { register, control } = useFormContext<PaperFormValues>();
  const problem = useFieldProblems();
  const number = (name: 'timeLimitMinutes' | 'meritTop', min: number, max: number) => ({
    ...register(name, { valueAsNumber: true }),
    type: 'number',
    fullWidth: true,
    error: Boolean(problem(name)),
    slotProps: { htmlInput: { min, max, step: 1, inputMode: 'numeric' as const } },
  });

  return (
    <Box component="section" aria-labelledby="paper-settings-heading" sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography id="paper-settings-heading" variant="h6" component="h2" sx={{ fontWeight: 700, color: 'secondary.main' }}>
        {t('papersEditor.settingsHeading')}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
        <TextField
          {...register('title')}
          label={t('papersEditor.fields.title')}
          required
          fullWidth
          sx={wide}
          error={Boolean(problem('title'))}
          helperText={problem('title')}
          slotProps={{ htmlInput: { maxLength: PAPER_LIMITS.titleMax } }}
        />
        <TextField
          {...register('instructions')}
          label={t('papersEditor.fields.instructions')}
          multiline
          minRows={3}
          fullWidth
          sx={wide}
          error={Boolean(problem('instructions'))}
          helperText={problem('instructions')}
        />
        <SriLankaTimeField name="opensAt" label={t('papersEditor.fields.opensAt')} problem={problem('opensAt')} disabled={started} />
        <SriLankaTimeField
          name="closesAt"
          label={t('papersEditor.fields.closesAt')}
          problem={problem('closesAt')}
          hint={started ? t('papersEditor.closeOnlyLater') : undefined}
        />
        <TextField
          {...number('timeLimitMinutes', PAPER_LIMITS.timeLimitMinutesMin, PAPER_LIMITS.timeLimitMinutesMax)}
          label={t('papersEditor.fields.timeLimitMinutes')}
          disabled={started}
          helperText={problem('timeLimitMinutes')}
        />
        <SriLankaTimeField name="releaseAt" label={t('papersEditor.fields.releaseAt')} problem={problem('releaseAt')} hint={t('papersEditor.releaseHint')} />
        <Controller
          control={control}
          name="review"
          render={({ field }) => (
            <TextField
              select
              label={t('papersEditor.fields.review')}
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              fullWidth
              error={Boolean(problem('review'))}
              helperText={problem('review')}
            >
              {REVIEW_LEVELS.map((level) => (
                <MenuItem key={level} value={level}>
                  {t(`papersEditor.reviewLevels.${level}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          control={control}
          name="batch"
          render={({ field }) => (
            <TextField
              select
              label={t('papersEditor.fields.batch')}
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              fullWidth
              error={Boolean(problem('batch'))}
              helperText={problem('batch') ?? t('papersEditor.batchHint')}
              // '' is every batch: its item shows, and the label stays above it.
              slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
            >
              <MenuItem value="">{t('papersEditor.everyBatch')}</MenuItem>
              {BATCHES.map((batch) => (
                <MenuItem key={batch} value={batch}>
                  {batch}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <TextField {...number('meritTop', 1, MERIT_TOP_MAX)} label={t('papersEditor.fields.meritTop')} helperText={problem('meritTop')} />
        <FormGroup sx={wide}>
          {(['shuffleQuestions', 'shuffleOptions'] as const).map((name) => (
            <Controller
              key={name}
              control={control}
              name={name}
              render={({ field }) => (
                <FormControlLabel
                  label={t(`papersEditor.fields.${name}`)}
                  control={<Switch name={field.name} checked={field.value} onChange={(event) => field.onChange(event.target.checked)} disabled={started} />}
                />
              )}
            />
          ))}
        </FormGroup>
      </Box>
    </Box>
  );
}
