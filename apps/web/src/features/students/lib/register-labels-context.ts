import { createContext, useContext } from 'react';
import { addStudentLabels, wizardLabels, type RegisterLabels } from './register-fields';

/**
 * Which reading's labels the registration fields show: the wizard's (reading A, the default) or
 * Add Student's (reading B). The same fields and rules serve both. The context holds the reading,
 * not the words, so the labels follow the language.
 */
export const RegisterLabelsContext = createContext<'wizard' | 'addStudent'>('wizard');

export function useRegisterLabels(): RegisterLabels {
  return useContext(RegisterLabelsContext) === 'addStudent' ? addStudentLabels() : wizardLabels();
}
