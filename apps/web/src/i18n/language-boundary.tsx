import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Redraws the whole app when the language changes. Screens read their words with i18next's t() as
 * they render, so a fresh render is all a language change needs; the session and the cached answers
 * (TanStack Query) live outside and stay.
 */
export function LanguageBoundary({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return <Fragment key={i18n.language}>{children}</Fragment>;
}
