import type { FieldError } from 'react-hook-form';
import { clientMessage, wizardLabels, type RegisterField, type RegisterLabels } from './register-fields';

/** Server refusals are stored already worded (type 'server'); the schema's need their label. */
export function fieldErrorText(
  field: RegisterField,
  error: FieldError | undefined,
  labels: RegisterLabels = wizardLabels(),
): string | undefined {
  if (!error?.message) return undefined;
  return error.type === 'server' ? error.message : clientMessage(field, error.message, labels);
}
