import { SecondFactorCard } from '../../features/admin-mfa/components/second-factor-card';
import { AdminClassTools } from '../../features/class-material/components/admin-class-tools';
import { MyFeesSection } from '../../features/fees/components/my-fees-section';
import { NotificationSettingsCard } from '../../features/notifications/components/notification-settings-card';
import { PrivacyCard } from '../../features/privacy/components/privacy-card';
import { ActiveSessionsCard } from '../../features/sessions/components/active-sessions-card';
import { SessionLimitCard } from '../../features/sessions/components/session-limit-card';
import { ProfilePage } from '../../features/students/components/profile-page';

/** /profile: the students feature's page, with the other features' parts composed into its slots. */
export function ProfileRoute() {
  return (
    <ProfilePage
      adminTools={
        <>
          <SecondFactorCard />
          <AdminClassTools />
          <SessionLimitCard />
        </>
      }
      accountSections={
        <>
          <NotificationSettingsCard />
          <ActiveSessionsCard />
          <PrivacyCard />
          {/* Last: it fills in when the student's fees arrive, and nothing below it moves then. */}
          <MyFeesSection />
        </>
      }
    />
  );
}
