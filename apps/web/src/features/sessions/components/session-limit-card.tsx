import { t } from 'i18next';
import { MAX_SESSIONS_RANGE } from '@academy/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { OutlinedField } from '../../../components/outlined-field';
import { alerts } from '../../../lib/alerts';
import { ApiError } from '../../../lib/api-client';
import { useSessionLimitQuery, useSetSessionLimitMutation } from '../api/session-limit';

/** Admin only, on the Profile page: how many sessions one student may keep open. */
export function SessionLimitCard() {
  const query = useSessionLimitQuery();
  const mutation = useSetSessionLimitMutation();
  const [draft, setDraft] = useState<string | null>(null);
  const value = draft ?? String(query.data?.maxSessions ?? '');
  const error = mutation.error;
  const problem = error ? (error instanceof ApiError ? (error.fieldMessage('maxSessions') ?? error.message) : t('alert.somethingWentWrongBang')) : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate(
      { maxSessions: Number(value) },
      {
        onSuccess: () => {
          setDraft(null);
          void alerts.success({ title: t('sessions.limitSaved'), autoClose: true });
        },
      },
    );
  };

  return (
    <Card variant="outlined" sx={{ width: '100%' }}>
      <CardContent component="form" noValidate onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          {t('sessions.limitTitle')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('sessions.limitHint')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <OutlinedField
            label={t('sessions.limitLabel')}
            type="number"
            size="small"
            value={value}
            onChange={(event) => setDraft(event.target.value)}
            inputProps={{ min: MAX_SESSIONS_RANGE.min, max: MAX_SESSIONS_RANGE.max }}
            error={Boolean(problem)}
            helperText={problem}
            fullWidth
          />
          <Button type="submit" variant="contained" disabled={mutation.isPending || query.isPending}>
            {t('sessions.save')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
