import { LoginPage } from '../../features/auth/components/login-page';
import { LoginBannerCarousel } from '../../features/banners/components/login-banner-carousel';
import { prefetchSignedInScreens } from '../prefetch-signed-in-screens';

/**
 * The login screen: the auth feature's page with the banners feature's carousel in it; the
 * signed-in screens are fetched while the student fills the form.
 */
export function LoginScreen() {
  return <LoginPage carousel={<LoginBannerCarousel />} onStart={prefetchSignedInScreens} />;
}
