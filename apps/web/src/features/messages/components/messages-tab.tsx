import { t } from 'i18next';
import { type Message, type MessageInput } from '@academy/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { alerts } from '../../../lib/alerts';
import { useDeleteMessageMutation } from '../api/delete-message';
import { useMessagesQuery } from '../api/get-messages';
import { useSendMessageMutation } from '../api/send-message';
import { DeleteMessageDialog } from './delete-message-dialog';
import { EditMessageDialog } from './edit-message-dialog';
import { EmptyMessages } from './empty-messages';
import { LoadFailed } from './load-failed';
import { MessageForm } from './message-form';
import { SentMessageCard } from './sent-message-card';

/** The Social Media Manager's Messages tab (spec section 2): 'Create New Message' and 'Sent Messages'. */
export function MessagesTab() {
  const query = useMessagesQuery();
  const send = useSendMessageMutation();
  const remove = useDeleteMessageMutation();
  const [editing, setEditing] = useState<Message | null>(null);
  const [deleting, setDeleting] = useState<Message | null>(null);
  // An alert opened while a dialog is still closing would leave the page hidden from screen readers
  // (both restore what they hid); the delete outcome is shown once the confirmation has closed.
  const alertAfterClose = useRef<(() => void) | null>(null);
  if (query.error) console.error('Sent messages load failed', query.error);

  const sendMessage = async (body: MessageInput) => {
    try {
      await send.mutateAsync(body);
      void alerts.success({ title: t('messages.sent'), toast: true });
    } catch (error) {
      void alerts.error({ title: t('messages.sendFailed'), text: error instanceof Error ? error.message : undefined });
      throw error;
    }
  };

  const confirmDelete = (message: Message) =>
    remove.mutate(message._id, {
      onSuccess: (answer) => {
        alertAfterClose.current = () => void alerts.success({ title: answer.message, toast: true });
      },
      onError: (error) => {
        alertAfterClose.current = () => void alerts.error({ title: t('messages.deleteFailed'), text: error.message });
      },
      onSettled: () => setDeleting(null),
    });

  const messages = query.data?.pages.flatMap((page) => page.data) ?? [];
  const total = query.data?.pages[0]?.paging.total ?? 0;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
          {t('messages.createNewMessage')}
        </Typography>
        <MessageForm submitLabel={t('messages.sendMessage')} onSubmit={sendMessage} resetOnSuccess />
      </Paper>

      <Box component="section" aria-labelledby="sent-messages-title">
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
          <Typography id="sent-messages-title" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
            {t('messages.sentMessages')}
          </Typography>
          <Chip size="small" color="primary" label={total} aria-label={t('messages.sentCount', { count: total })} />
        </Box>
        {query.isPending ? (
          <Skeleton variant="rounded" height={120} />
        ) : query.error && !query.data ? (
          <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
        ) : messages.length === 0 ? (
          <EmptyMessages hint={t('messages.createFirst')} />
        ) : (
          <Box component="ul" sx={{ m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 2 }}>
            {messages.map((message) => (
              <SentMessageCard key={message._id} message={message} onEdit={setEditing} onDelete={setDeleting} />
            ))}
          </Box>
        )}
        {query.hasNextPage && (
          <Box sx={{ textAlign: 'center', mt: 2 }}>
            <Button variant="outlined" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
              {t('messages.olderMessages')}
            </Button>
          </Box>
        )}
      </Box>

      <EditMessageDialog message={editing} onClose={() => setEditing(null)} />
      <DeleteMessageDialog
        message={deleting}
        pending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
        onExited={() => {
          alertAfterClose.current?.();
          alertAfterClose.current = null;
        }}
      />
    </Box>
  );
}
