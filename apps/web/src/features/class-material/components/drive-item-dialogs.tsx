import { t } from 'i18next';
import { type DriveItem } from '@academy/contract';
import { useState } from 'react';
import { translateServerMessage } from '../../../i18n/server-text';
import { alerts } from '../../../lib/alerts';
import { useAddLessonMarksMutation } from '../api/add-lesson-marks';
import { useDeleteItemMutation } from '../api/delete-item';
import { useRenameItemMutation } from '../api/rename-item';
import { failureText, showFailure } from '../../../lib/failure-alerts';
import type { ItemAction } from './drive-item-card';
import { ClassAccessDialog } from './class-access-dialog';
import { DeleteItemDialog } from './delete-item-dialog';
import { ItemNameDialog } from './item-name-dialog';

interface Pending {
  action: ItemAction;
  item: DriveItem;
  isClass: boolean;
}

/** The state behind an item's menu: which dialog is open, for which item, and its calls. */
export function useItemDialogs() {
  const [pending, setPending] = useState<Pending | null>(null);
  const rename = useRenameItemMutation();
  const remove = useDeleteItemMutation();
  const addMarks = useAddLessonMarksMutation();
  const close = () => {
    setPending(null);
    rename.reset();
    remove.reset();
  };
  return {
    pending,
    rename,
    remove,
    close,
    start: (action: ItemAction, item: DriveItem, isClass: boolean) => {
      // Adding marks needs no dialog: it is queued at once, as a Retry is, and the card shows it.
      if (action === 'addMarks') {
        addMarks.mutate(item.id, {
          onSuccess: (answer) => void alerts.success({ title: translateServerMessage(answer.message), autoClose: true }),
          onError: (error) => showFailure(t('lessons.addMarksFailed'), error),
        });
        return;
      }
      setPending({ action, item, isClass });
    },
  };
}

/** The dialogs an item's menu opens: rename, delete, and a class's access. */
export function DriveItemDialogs({ dialogs }: { dialogs: ReturnType<typeof useItemDialogs> }) {
  const { pending, rename, remove, close } = dialogs;
  const target = (action: ItemAction) => (pending?.action === action ? pending.item : null);
  return (
    <>
      <ItemNameDialog
        open={pending?.action === 'rename'}
        title={t('classMaterial.rename')}
        label={t('general.name')}
        submitLabel={t('classMaterial.rename')}
        initialName={pending?.item.name}
        pending={rename.isPending}
        error={rename.error ? failureText(rename.error) : null}
        onSubmit={(name) => pending && rename.mutate({ itemId: pending.item.id, name }, { onSuccess: close })}
        onClose={close}
      />
      <DeleteItemDialog
        item={target('delete')}
        isClass={pending?.isClass ?? false}
        pending={remove.isPending}
        error={remove.error ? failureText(remove.error) : null}
        onConfirm={(item) =>
          remove.mutate(item.id, {
            onSuccess: (answer) => {
              close();
              // A class waits for a second admin: say so, or the admin would think it is gone.
              if (answer.code === 202) void alerts.info({ title: translateServerMessage(answer.message), text: t('approvals.requested') });
            },
          })
        }
        onClose={close}
      />
      <ClassAccessDialog item={target('access')} onClose={close} />
    </>
  );
}
