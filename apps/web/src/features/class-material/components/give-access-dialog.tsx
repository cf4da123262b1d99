import { t } from 'i18next';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useGiveAccessMutation } from '../api/give-access';
import { useGrantFlow } from '../hooks/use-grant-flow';
import { failureText } from '../../../lib/failure-alerts';
import { AccessDialogFrame } from './access-dialog-frame';

/** Spec section 2 'Give Additional Access dialog': Email, Class, Submit; closes on success. */
export function GiveAccessDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [email, setEmail] = useState('');
  const [className, setClassName] = useState('');
  const [endsOn, setEndsOn] = useState('');
  const mutation = useGiveAccessMutation();
  const flow = useGrantFlow({
    mutation,
    onClose,
    clear: () => {
      setEmail('');
      setClassName('');
      setEndsOn('');
    },
  });

  return (
    <AccessDialogFrame
      open={open}
      title={t('classMaterial.giveAccessTitle')}
      titleId="give-access-title"
      error={mutation.error ? failureText(mutation.error) : null}
      pending={mutation.isPending}
      className={className}
      onClassName={setClassName}
      endsOn={endsOn}
      onEndsOn={setEndsOn}
      onSubmit={() => flow.submit({ email, className, ...(endsOn ? { endsOn } : {}) }, `${className}: ${email}`)}
      onClose={flow.close}
      onExited={flow.exited}
    >
      <TextField type="email" label={t('classMaterial.email')} value={email} onChange={(event) => setEmail(event.target.value)} fullWidth margin="normal" autoFocus />
    </AccessDialogFrame>
  );
}
