import { t } from 'i18next';
import { registerBodySchema, type RegisterBody, type RegisterInput } from '@academy/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client';
import { alerts } from '../../../lib/alerts';
import { useRegisterMutation } from '../api/register';
import { addStudentLabels, isRegisterField, REGISTER_DEFAULTS, serverMessage } from '../lib/register-fields';

/**
 * Add Student, registration reading B (spec sections 2 and 8): the same payload and rules as the
 * wizard; success resets the form so the admin can type the next paper form at once.
 */
export function useAddStudent() {
  const form = useForm<RegisterBody, unknown, RegisterInput>({ resolver: zodResolver(registerBodySchema), defaultValues: REGISTER_DEFAULTS });
  const mutation = useRegisterMutation();

  const onRegistered = () => {
    form.reset(REGISTER_DEFAULTS);
    void alerts.success({ title: t('alert.registrationSuccess'), autoClose: true });
  };

  const onRefused = (error: Error) => {
    if (error instanceof ApiError) {
      for (const item of error.fieldErrors) {
        if (isRegisterField(item.field)) {
          form.setError(item.field, { type: 'server', message: serverMessage(item.field, item.message, addStudentLabels()) }, { shouldFocus: true });
        }
      }
    }
    // Reading B: 'Registration Failed' with the server's message, or 'Something went wrong'.
    const text = error instanceof ApiError && error.answer ? error.message : t('alert.registrationFallback');
    void alerts.error({ title: t('alert.registrationFailed'), text, autoClose: true });
  };

  const submit = form.handleSubmit((body) => mutation.mutate(body, { onSuccess: onRegistered, onError: onRefused }));
  return { form, submit, pending: mutation.isPending };
}
