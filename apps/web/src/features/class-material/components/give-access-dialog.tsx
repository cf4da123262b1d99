import { CLASS_MATERIAL_TEXT } from '@academy/contract';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { alerts } from '../../../lib/alerts';
import { useGiveAccessMutation } from '../api/give-access';
import { failureText } from '../lib/class-alerts';
import { AccessDialogFrame } from './access-dialog-frame';

/** Spec section 2 'Give Additional Access dialog': Email, Class, Submit; closes on success. */
export function GiveAccessDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [email, setEmail] = useState('');
  const [className, setClassName] = useState('');
  const [endsOn, setEndsOn] = useState('');
  const [given, setGiven] = useState(false);
  const mutation = useGiveAccessMutation();

  const close = () => {
    onClose();
    mutation.reset();
  };
  const submit = () =>
    mutation.mutate(
      { email, className, ...(endsOn ? { endsOn } : {}) },
      {
        onSuccess: () => {
          setGiven(true);
          close();
        },
      },
    );
  // The outcome is shown once the dialog has closed, so the two never fight over the page's focus.
  const exited = () => {
    if (given) void alerts.success({ title: CLASS_MATERIAL_TEXT.accessGiven, text: `${className}: ${email}`, toast: true });
    setGiven(false);
    setEmail('');
    setClassName('');
    setEndsOn('');
  };

  return (
    <AccessDialogFrame
      open={open}
      title={CLASS_MATERIAL_TEXT.giveAccessTitle}
      titleId="give-access-title"
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
      <TextField type="email" label={CLASS_MATERIAL_TEXT.email} value={email} onChange={(event) => setEmail(event.target.value)} fullWidth margin="normal" autoFocus />
    </AccessDialogFrame>
  );
}
