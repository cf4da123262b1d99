import { t } from 'i18next';
import { type Message, type MessageInput } from '@academy/contract';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { alerts } from '../../../lib/alerts';
import { useUpdateMessageMutation } from '../api/update-message';
import { MessageForm } from './message-form';

interface EditMessageDialogProps {
  message: Message | null;
  onClose: () => void;
}

/** The edit icon's dialog: the same fields as 'Create New Message', filled in; saving updates every open feed. */
export function EditMessageDialog({ message, onClose }: EditMessageDialogProps) {
  const mutation = useUpdateMessageMutation();
  const save = (id: string) => async (body: MessageInput) => {
    try {
      await mutation.mutateAsync({ id, body });
      onClose();
      void alerts.success({ title: t('messages.updated'), toast: true });
    } catch (error) {
      void alerts.error({ title: t('messages.saveFailed'), text: error instanceof Error ? error.message : undefined });
      throw error;
    }
  };
  return (
    <Dialog open={Boolean(message)} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="edit-message-title">
      <DialogTitle id="edit-message-title">{t('messages.editMessage')}</DialogTitle>
      <DialogContent sx={{ pt: '8px !important' }}>
        {message && (
          <MessageForm
            key={message._id}
            defaultValues={{ message: message.message, link: message.link, batch: message.batch, region: message.region, classType: message.classType }}
            submitLabel={t('messages.saveChanges')}
            onSubmit={save(message._id)}
            extraActions={<Button onClick={onClose}>{t('messages.cancel')}</Button>}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
