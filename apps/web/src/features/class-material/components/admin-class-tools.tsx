import { t } from 'i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { alerts } from '../../../lib/alerts';
import { useCreateFolderMutation } from '../api/create-folder';
import { showFailure } from '../../../lib/failure-alerts';
import { BatchAccessDialog } from './batch-access-dialog';
import { GiveAccessDialog } from './give-access-dialog';

/** The Profile page's admin tools (spec section 2): 'Folder Name' with 'Add Folder', and access. */
export function AdminClassTools() {
  const [folderName, setFolderName] = useState('');
  const [dialog, setDialog] = useState<'email' | 'batch' | null>(null);
  const mutation = useCreateFolderMutation();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate(
      { folderName },
      {
        // Spec sections 4 and 8: the field is cleared on success.
        onSuccess: () => {
          setFolderName('');
          void alerts.success({ title: t('classMaterial.folderCreated') });
        },
        onError: (error) => showFailure(t('classMaterial.folderCreateFail'), error),
      },
    );
  };

  return (
    <Card variant="outlined" sx={{ width: '100%' }}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box component="form" noValidate onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          <TextField label={t('classMaterial.folderName')} value={folderName} onChange={(event) => setFolderName(event.target.value)} size="small" fullWidth />
          <Button type="submit" variant="contained" fullWidth disabled={mutation.isPending}>
            {t('classMaterial.addFolder')}
          </Button>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button variant="outlined" onClick={() => setDialog('email')} sx={{ flex: 1 }}>
            {t('classMaterial.additionalAccess')}
          </Button>
          <Button variant="outlined" onClick={() => setDialog('batch')} sx={{ flex: 1 }}>
            {t('classMaterial.batchAccess')}
          </Button>
        </Box>
      </CardContent>
      <GiveAccessDialog open={dialog === 'email'} onClose={() => setDialog(null)} />
      <BatchAccessDialog open={dialog === 'batch'} onClose={() => setDialog(null)} />
    </Card>
  );
}
