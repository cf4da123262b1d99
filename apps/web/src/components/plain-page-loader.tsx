import { t } from 'i18next';
import { brandColorVariables } from '../lib/brand-colors';
import './plain-page-loader.css';

/**
 * Shown while the router's code downloads, before MUI has arrived (the app's first screen does
 * without it): the same spinner as PageLoader, in plain CSS.
 */
export function PlainPageLoader() {
  return (
    <div className="plain-page-loader" style={brandColorVariables()}>
      <span role="progressbar" aria-label={t('general.loading')} />
    </div>
  );
}
