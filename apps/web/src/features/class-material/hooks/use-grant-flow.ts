import { t } from 'i18next';
import { type GrantAnswer } from '@academy/contract';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { alerts } from '../../../lib/alerts';

interface GrantFlowOptions<T> {
  mutation: UseMutationResult<GrantAnswer, Error, T>;
  onClose: () => void;
  /** Empties the dialog's fields once it has closed. */
  clear: () => void;
}

/**
 * An access dialog's outcome: it closes on success (spec section 2), and once it has finished
 * closing the grant is announced and the form emptied, so the alert and the dialog never fight
 * over the page's focus. Failures stay in the dialog, from `mutation.error`.
 */
export function useGrantFlow<T>({ mutation, onClose, clear }: GrantFlowOptions<T>) {
  const [given, setGiven] = useState<string | null>(null);
  const close = () => {
    onClose();
    mutation.reset();
  };
  return {
    close,
    submit: (body: T, description: string) =>
      mutation.mutate(body, {
        onSuccess: () => {
          setGiven(description);
          close();
        },
      }),
    exited: () => {
      if (given) void alerts.success({ title: t('classMaterial.accessGiven'), text: given, toast: true });
      setGiven(null);
      clear();
    },
  };
}
