import { ALERT_TEXT, MAX_SESSIONS_RANGE, SESSIONS_TEXT } from '@academy/contract';
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
  const problem = error ? (error instanceof ApiError ? (error.fieldMessage('maxSessions') ?? error.message) : ALERT_TEXT.somethingWentWrongBang) : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate(
      { maxSessions: Number(value) },
      {
        onSuccess: () => {
          setDraft(null);
          void alerts.success({ title: SESSIONS_TEXT.limitSaved, autoClose: true });
        },
      },
    );
  };

  return (
    <Card variant="outlined" sx={{ width: '100%' }}>
      <CardContent component="form" noValidate onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          {SESSIONS_TEXT.limitTitle}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {SESSIONS_TEXT.limitHint}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <OutlinedField
            label={SESSIONS_TEXT.limitLabel}
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
            {SESSIONS_TEXT.save}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
