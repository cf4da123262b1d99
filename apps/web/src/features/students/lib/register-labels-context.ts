import { createContext, useContext } from 'react';
import { REGISTER_LABELS, type RegisterLabels } from './register-fields';

/**
 * Which reading's labels the registration fields show: the wizard's (reading A, the default) or
 * Add Student's (reading B). The same fields and rules serve both.
 */
export const RegisterLabelsContext = createContext<RegisterLabels>(REGISTER_LABELS);

export function useRegisterLabels(): RegisterLabels {
  return useContext(RegisterLabelsContext);
}
