import { LoginPage } from '../../features/auth/components/login-page';
import { LoginBannerCarousel } from '../../features/banners/components/login-banner-carousel';

/** The login screen: the auth feature's page with the banners feature's carousel in it. */
export function LoginScreen() {
  return <LoginPage carousel={<LoginBannerCarousel />} />;
}
