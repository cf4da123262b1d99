import { listLabel } from '../../../i18n/list-labels';
import { t } from 'i18next';
import { BATCHES, CLASS_TYPES, type BatchAccessBody } from '@academy/contract';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useGiveBatchAccessMutation } from '../api/give-batch-access';
import { useGrantFlow } from '../hooks/use-grant-flow';
import { failureText } from '../../../lib/failure-alerts';
import { AccessDialogFrame } from './access-dialog-frame';

/** A class for every student of a batch and class type, those who join later included. */
export function BatchAccessDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [batch, setBatch] = useState('');
  const [classType, setClassType] = useState('');
  const [className, setClassName] = useState('');
  const [endsOn, setEndsOn] = useState('');
  const mutation = useGiveBatchAccessMutation();
  const flow = useGrantFlow({
    mutation,
    onClose,
    clear: () => {
      setBatch('');
      setClassType('');
      setClassName('');
      setEndsOn('');
    },
  });
  const selects = [
    { label: t('classMaterial.batch'), value: batch, set: setBatch, options: BATCHES, list: null },
    { label: t('classMaterial.classType'), value: classType, set: setClassType, options: CLASS_TYPES, list: 'classType' as const },
  ];

  return (
    <AccessDialogFrame
      open={open}
      title={t('classMaterial.giveBatchAccessTitle')}
      titleId="batch-access-title"
      error={mutation.error ? failureText(mutation.error) : null}
      pending={mutation.isPending}
      className={className}
      onClassName={setClassName}
      endsOn={endsOn}
      onEndsOn={setEndsOn}
      // Unchosen selects send empty text on purpose: the server names each missing field.
      onSubmit={() => flow.submit({ batch, classType, className, ...(endsOn ? { endsOn } : {}) } as BatchAccessBody, `${className}: ${batch} ${classType}`)}
      onClose={flow.close}
      onExited={flow.exited}
    >
      {selects.map((select) => (
        <TextField key={select.label} select label={select.label} value={select.value} onChange={(event) => select.set(event.target.value)} fullWidth margin="normal">
          {select.options.map((value) => (
            <MenuItem key={value} value={value}>
              {select.list ? listLabel(select.list, value) : value}
            </MenuItem>
          ))}
        </TextField>
      ))}
    </AccessDialogFrame>
  );
}
