import { selfRegisterBodySchema, type RegisterBody, type RegisterInput } from '@academy/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import type { UseFormProps } from 'react-hook-form';
import { REGISTER_DEFAULTS } from './register-fields';

/**
 * The registration wizard's form: the student's own registration, so the privacy notice must be
 * accepted (the consent box starts unticked); Add Student, an admin's form, has no such box.
 */
export function wizardFormOptions(): UseFormProps<RegisterBody, unknown, RegisterInput> {
  return { resolver: zodResolver(selfRegisterBodySchema), defaultValues: { ...REGISTER_DEFAULTS, consent: false } };
}
