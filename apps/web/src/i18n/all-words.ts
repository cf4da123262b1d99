import i18next from 'i18next';

let loading: Promise<void> | undefined;

/**
 * Adds the rest of English (beyond the login page's words) to i18next. The signed-in screens and
 * the sign-in code wait for it; it is fetched once, as a chunk of its own.
 */
export function loadAllWords(): Promise<void> {
  loading ??= import('./en').then(({ en }) => {
    i18next.addResourceBundle('en', 'translation', en, true, true);
  });
  return loading;
}
