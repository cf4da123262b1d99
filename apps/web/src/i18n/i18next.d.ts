import 'i18next';
import type { en } from './en';

// Keys are checked when the code is compiled: t('auth.signIn') must exist in the English dictionary.
declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof en };
  }
}
