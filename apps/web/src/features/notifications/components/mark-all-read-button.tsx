import Button, { type ButtonProps } from '@mui/material/Button';
import { t } from 'i18next';
import { showFailure } from '../../../lib/failure-alerts';
import { useUnreadCountQuery } from '../api/get-unread';
import { useMarkReadMutation } from '../api/mark-read';

/** Mark all as read: every notification read, none opened; there is nothing to do with none unread. */
export function MarkAllReadButton(props: Omit<ButtonProps, 'onClick' | 'disabled' | 'children'>) {
  const { data: count = 0 } = useUnreadCountQuery();
  const markRead = useMarkReadMutation();
  const markAll = () => markRead.mutate({ all: true }, { onError: (error) => showFailure(t('notifications.markAllRead'), error) });
  return (
    <Button {...props} onClick={markAll} disabled={count === 0 || markRead.isPending}>
      {t('notifications.markAllRead')}
    </Button>
  );
}
