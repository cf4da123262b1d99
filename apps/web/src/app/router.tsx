import { lazy, Suspense, type ReactNode } from 'react';
import { createHashRouter, RouterProvider } from 'react-router';
import { LinkButton } from '../components/link-button';
import { NotFoundPage } from '../components/not-found-page';
import { PageLoader } from '../components/page-loader';
import { RouteErrorPage } from '../components/route-error-page';
import { LoginPage } from '../features/auth/components/login-page';
import { RedirectSignedIn, RequireAdmin, RequireSession } from './guards';

// Only the login screen is in the first download; everything else is fetched when first opened.
const AppShell = lazy(() => import('./shell/app-shell').then((m) => ({ default: m.AppShell })));
const RegisterPage = lazy(() => import('../features/students/components/register-page').then((m) => ({ default: m.RegisterPage })));
const StudentListPage = lazy(() =>
  import('../features/students/components/student-list-page').then((m) => ({ default: m.StudentListPage })),
);
const AddStudentPage = lazy(() => import('../features/students/components/add-student-page').then((m) => ({ default: m.AddStudentPage })));
const ProfilePage = lazy(() => import('../features/students/components/profile-page').then((m) => ({ default: m.ProfilePage })));
const SocialMediaManagerPage = lazy(() =>
  import('./pages/social-media-manager-page').then((m) => ({ default: m.SocialMediaManagerPage })),
);
const MessagesFeedPage = lazy(() =>
  import('../features/messages/components/messages-feed-page').then((m) => ({ default: m.MessagesFeedPage })),
);
const UnderDevelopmentPage = lazy(() =>
  import('../components/under-development-page').then((m) => ({ default: m.UnderDevelopmentPage })),
);

function page(element: ReactNode) {
  return <Suspense fallback={<PageLoader />}>{element}</Suspense>;
}

function adminPage(element: ReactNode) {
  return <RequireAdmin>{page(element)}</RequireAdmin>;
}

// A visit to the bare address shows the login screen at '#/', the same address it has after Log Out.
if (!window.location.hash) window.history.replaceState(null, '', '#/');

const router = createHashRouter([
  {
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/', element: <RedirectSignedIn><LoginPage /></RedirectSignedIn> },
      { path: '/register', element: page(<RegisterPage />) },
      {
        path: '/forgotPassword',
        element: page(
          <UnderDevelopmentPage
            action={
              <LinkButton to="/" variant="contained">
                Back to Sign In
              </LinkButton>
            }
          />,
        ),
      },
      {
        element: <RequireSession>{page(<AppShell />)}</RequireSession>,
        children: [
          { path: '/home', element: page(<UnderDevelopmentPage />) },
          { path: '/students', element: adminPage(<StudentListPage />) },
          { path: '/addStudent', element: adminPage(<AddStudentPage />) },
          { path: '/devIndicate', element: page(<UnderDevelopmentPage />) },
          { path: '/profile', element: page(<ProfilePage />) },
          { path: '/social', element: adminPage(<SocialMediaManagerPage />) },
          { path: '/message', element: page(<MessagesFeedPage />) },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
