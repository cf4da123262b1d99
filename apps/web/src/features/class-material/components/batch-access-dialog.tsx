import { BATCHES, CLASS_MATERIAL_TEXT, CLASS_TYPES, type BatchAccessBody } from '@academy/contract';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { alerts } from '../../../lib/alerts';
import { useGiveBatchAccessMutation } from '../api/give-batch-access';
import { failureText } from '../lib/class-alerts';
import { AccessDialogFrame } from './access-dialog-frame';

/** A class for every student of a batch and class type, those who join later included. */
export function BatchAccessDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [batch, setBatch] = useState('');
  const [classType, setClassType] = useState('');
  const [className, setClassName] = useState('');
  const [endsOn, setEndsOn] = useState('');
  const [given, setGiven] = useState(false);
  const mutation = useGiveBatchAccessMutation();

  const close = () => {
    onClose();
    mutation.reset();
  };
  const submit = () =>
    // Unchosen selects send empty text on purpose: the server names each missing field.
    mutation.mutate({ batch, classType, className, ...(endsOn ? { endsOn } : {}) } as BatchAccessBody, {
      onSuccess: () => {
        setGiven(true);
        close();
      },
    });
  const exited = () => {
    if (given) void alerts.success({ title: CLASS_MATERIAL_TEXT.accessGiven, text: `${className}: ${batch} ${classType}`, toast: true });
    setGiven(false);
    setBatch('');
    setClassType('');
    setClassName('');
    setEndsOn('');
  };

  return (
    <AccessDialogFrame
      open={open}
      title={CLASS_MATERIAL_TEXT.giveBatchAccessTitle}
      titleId="batch-access-title"
      error={mutation.error ? failureText(mutation.error) : null}
      pending={mutation.isPending}
      className={className}
      onClassName={setClassName}
      endsOn={endsOn}
      onEndsOn={setEndsOn}
      onSubmit={submit}
      onClose={close}
      onExited={exited}
    >
      <TextField select label={CLASS_MATERIAL_TEXT.batch} value={batch} onChange={(event) => setBatch(event.target.value)} fullWidth margin="normal">
        {BATCHES.map((value) => (
          <MenuItem key={value} value={value}>
            {value}
          </MenuItem>
        ))}
      </TextField>
      <TextField select label={CLASS_MATERIAL_TEXT.classType} value={classType} onChange={(event) => setClassType(event.target.value)} fullWidth margin="normal">
        {CLASS_TYPES.map((value) => (
          <MenuItem key={value} value={value}>
            {value}
          </MenuItem>
        ))}
      </TextField>
    </AccessDialogFrame>
  );
}
