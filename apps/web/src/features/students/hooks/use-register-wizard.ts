import { t } from 'i18next';
import type { RegisterBody, RegisterInput } from '@academy/contract';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { alerts } from '../../../lib/alerts';
import { useRegisterMutation } from '../api/register';
import { isRegisterField, serverMessage, STEP_ONE_FIELDS, type RegisterField } from '../lib/register-fields';
import { wizardFormOptions } from '../lib/wizard-form';

export type WizardStep = 0 | 1;

/**
 * The two-step registration of reading A. Values live in one form across both steps, so nothing
 * typed is lost when a step is left or the server refuses a field.
 */
export function useRegisterWizard() {
  const form = useForm<RegisterBody, unknown, RegisterInput>(wizardFormOptions());
  const [step, setStep] = useState<WizardStep>(0);
  const mutation = useRegisterMutation();
  const navigate = useNavigate();

  /** Goes back to step 1 when one of its fields needs attention, and puts the caret there. */
  const showStepOneField = (fields: RegisterField[]) => {
    const first = STEP_ONE_FIELDS.find((field) => fields.includes(field));
    if (!first) return;
    flushSync(() => setStep(0));
    form.setFocus(first);
  };

  const next = async () => {
    if (await form.trigger([...STEP_ONE_FIELDS], { shouldFocus: true })) setStep(1);
  };

  const onRegistered = () => {
    void alerts.success({ title: t('alert.registrationSuccess'), toast: true });
    navigate('/');
  };

  const onRefused = (error: Error) => {
    const refused = error instanceof ApiError ? error.fieldErrors.filter((item) => isRegisterField(item.field)) : [];
    const fields = refused.map((item) => item.field).filter(isRegisterField);
    for (const item of refused) {
      if (isRegisterField(item.field)) form.setError(item.field, { type: 'server', message: serverMessage(item.field, item.message) });
    }
    // Field refusals show beside their fields; anything else needs its reason in the alert.
    const text = fields.length > 0 ? undefined : error instanceof ApiError ? error.message : t('alert.somethingWentWrong');
    void alerts.error({ title: t('alert.registrationFail'), text, autoClose: true });
    showStepOneField(fields);
  };

  const submit = form.handleSubmit(
    (body) => mutation.mutate(body, { onSuccess: onRegistered, onError: onRefused }),
    (errors) => showStepOneField(Object.keys(errors).filter(isRegisterField)),
  );

  return { form, step, next, back: () => setStep(0), submit, pending: mutation.isPending };
}
