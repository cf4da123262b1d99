import { t } from 'i18next';
import type { ReactNode } from 'react';
import { VerifiedUserIcon as VerifiedUser } from '../../../components/icons/verified-user';
import { LanguageSwitch } from '../../../components/language-switch';
import { brandColorVariables } from '../../../lib/brand-colors';
import { logoUrl } from '../../../lib/branding';
import { FONT_FAMILY } from '../../../lib/font-family';
import { BrandPanel } from './brand-panel';
import { LoginForm } from './login-form';
import './login-page.css';

/**
 * Spec section 2 'Login'. The carousel comes from the banners feature (composed in src/app), and
 * `onStart` (called when the student first reaches into the form) from the app. Plain
 * elements and CSS (login-page.css), not MUI: the server draws this page into index.html, and the
 * browser takes it over with a first download that carries React but not MUI.
 */
export function LoginPage({ carousel, onStart }: { carousel: ReactNode; onStart?: () => void }) {
  return (
    <div className="login-page" style={{ ...brandColorVariables(), fontFamily: FONT_FAMILY }}>
      <BrandPanel carousel={carousel} />
      <main className="login-main">
        <div className="login-column">
          <div className="login-language">
            <LanguageSwitch />
          </div>
          <div className="login-heading">
            <img className="login-logo" src={logoUrl} alt={t('general.academyLogo')} width={72} height={72} />
            <h1 className="login-title">{t('auth.welcomeBack')}</h1>
            <p className="login-subtitle">{t('auth.subtitle')}</p>
          </div>
          <LoginForm onStart={onStart} />
          <div className="login-protected">
            <VerifiedUser className="small" />
            <p>{t('auth.protected')}</p>
          </div>
        </div>
      </main>
    </div>
  );
}
