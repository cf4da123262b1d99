import { listLabel } from '../../../i18n/list-labels';
import { translateServerMessage } from '../../../i18n/server-text';
import { t } from 'i18next';
import { MESSAGE_CLASS_TYPES, messageBodySchema, REGIONS, type MessageBody, type MessageInput } from '@academy/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client';
import { CheckboxGroup } from './checkbox-group';

export const EMPTY_MESSAGE: MessageBody = { message: '', link: '', batch: '', region: [], classType: [] };

type FieldName = keyof MessageBody;
const LABELS = {
  message: 'messages.messageContent',
  link: 'messages.linkUrl',
  batch: 'messages.batchName',
  region: 'messages.regions',
  classType: 'messages.classTypes',
} as const satisfies Record<FieldName, string>;

/** Labels sit above the fields so the spec's placeholders show before anything is typed. */
const shownPlaceholder = { inputLabel: { shrink: true } } as const;

/** 'is required' under 'Message Content' reads 'Message Content is required'; the server's 'link …' likewise. */
function worded(field: FieldName, message: string): string {
  const rest = message.startsWith(`${field} `) ? message.slice(field.length + 1) : message;
  return t('validation.fieldMessage', { label: t(LABELS[field]), message: translateServerMessage(rest) });
}

interface MessageFormProps {
  defaultValues?: MessageBody;
  submitLabel: string;
  /** Rejects with the server's refusal; its field errors are shown under the fields. */
  onSubmit: (body: MessageInput) => Promise<unknown>;
  /** The form empties after a successful send (spec section 4 'Message send'). */
  resetOnSuccess?: boolean;
  /** Beside the submit button, e.g. Cancel in the edit dialog. */
  extraActions?: ReactNode;
}

/** The message fields of spec section 2, used to create a message and to edit one. */
export function MessageForm({ defaultValues = EMPTY_MESSAGE, submitLabel, onSubmit, resetOnSuccess = false, extraActions }: MessageFormProps) {
  const form = useForm<MessageBody, unknown, MessageInput>({ resolver: zodResolver(messageBodySchema), defaultValues });
  const { control, register, formState } = form;
  const text = useWatch({ control, name: 'message' });
  const error = (field: FieldName) => {
    const message = formState.errors[field]?.message;
    return message ? worded(field, message) : undefined;
  };

  const submit = form.handleSubmit(async (body) => {
    try {
      await onSubmit(body);
      if (resetOnSuccess) form.reset(EMPTY_MESSAGE);
    } catch (refusal) {
      if (!(refusal instanceof ApiError)) return;
      for (const { field, message } of refusal.fieldErrors) {
        const name = field.split('.')[0] as FieldName;
        if (name in LABELS) form.setError(name, { type: 'server', message }, { shouldFocus: true });
      }
    }
  });

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <TextField
        {...register('message')}
        label={t('messages.messageContent')}
        placeholder={t('messages.messagePlaceholder')}
        multiline
        rows={4}
        fullWidth
        slotProps={shownPlaceholder}
        error={Boolean(error('message'))}
        helperText={error('message')}
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' }, gap: 2 }}>
        <TextField
          {...register('link')}
          label={t('messages.linkUrl')}
          placeholder={t('messages.linkPlaceholder')}
          type="url"
          fullWidth
          slotProps={shownPlaceholder}
          error={Boolean(error('link'))}
          helperText={error('link')}
        />
        <TextField
          {...register('batch')}
          label={t('messages.batchName')}
          placeholder={t('messages.batchPlaceholder')}
          fullWidth
          slotProps={shownPlaceholder}
          error={Boolean(error('batch'))}
          helperText={error('batch') ?? t('messages.batchHelp')}
        />
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 4, rowGap: 1 }}>
        <Controller
          control={control}
          name="region"
          render={({ field }) => (
            <CheckboxGroup legend={t('messages.regions')} options={REGIONS}
              labelOf={(region) => listLabel('history', region)} value={field.value ?? []} onChange={field.onChange} error={error('region')} />
          )}
        />
        <Controller
          control={control}
          name="classType"
          render={({ field }) => (
            <CheckboxGroup legend={t('messages.classTypes')} options={MESSAGE_CLASS_TYPES}
              labelOf={(type) => listLabel('classType', type)} value={field.value ?? []} onChange={field.onChange} error={error('classType')} />
          )}
        />
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
        {extraActions}
        <Button type="submit" variant="contained" disabled={!text?.trim() || formState.isSubmitting}>
          {submitLabel}
        </Button>
      </Box>
    </Box>
  );
}
