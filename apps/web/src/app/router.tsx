import { t } from 'i18next';
import { lazy, Suspense, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createHashRouter, RouterProvider } from 'react-router';
import { queryClient } from '../lib/query-client';
import { withSinhalaFont } from '../features/papers/lib/with-sinhala-font';
import { hasFeeMonth, isFeeRefusal, isLockedMonth } from '../features/fees/lib/fee-gate';
import { NotFoundPage } from '../components/not-found-page';
import { PageLoader } from '../components/page-loader';
import { RouteErrorPage } from '../components/route-error-page';
import { RedirectSignedIn, RequireAdmin, RequireSession } from './guards';
import { CHOOSE_PASSWORD_PATH } from '../features/students/lib/password-change-due';
import { CODE_STEP_PATH, SECOND_FACTOR_PATH } from '../features/admin-mfa/lib/second-factor-due';
import { MuiTheme } from './providers';
import { LoginScreen } from './pages/login-screen';

// This router, like every page, is fetched when first needed (see app-root.tsx); each page is a chunk of its own.
const AppShell = lazy(() => import('./shell/app-shell').then((m) => ({ default: m.AppShell })));
const RegisterPage = lazy(() => import('../features/students/components/register-page').then((m) => ({ default: m.RegisterPage })));
const ForgotPasswordPage = lazy(() =>
  import('../features/password-reset/components/forgot-password-page').then((m) => ({ default: m.ForgotPasswordPage })),
);
const StudentListPage = lazy(() =>
  import('../features/students/components/student-list-page').then((m) => ({ default: m.StudentListPage })),
);
const ChoosePasswordPage = lazy(() =>
  import('../features/students/components/choose-password-page').then((m) => ({ default: m.ChoosePasswordPage })),
);
const CodeStepPage = lazy(() => import('../features/admin-mfa/components/code-step-page').then((m) => ({ default: m.CodeStepPage })));
const SecondFactorPage = lazy(() => import('../features/admin-mfa/components/second-factor-page').then((m) => ({ default: m.SecondFactorPage })));
const AddStudentPage = lazy(() => import('../features/students/components/add-student-page').then((m) => ({ default: m.AddStudentPage })));
const ProfilePage = lazy(() => import('./pages/profile-route').then((m) => ({ default: m.ProfileRoute })));
const SocialMediaManagerPage = lazy(() =>
  import('./pages/social-media-manager-page').then((m) => ({ default: m.SocialMediaManagerPage })),
);
const DriveFilesPage = lazy(() =>
  import('../features/class-material/components/drive-files-page').then((m) => ({ default: m.DriveFilesPage })),
);
const FileViewerPage = lazy(() =>
  import('../features/class-material/components/file-viewer-page').then((m) => ({ default: m.FileViewerPage })),
);
const StudentAccessPanel = lazy(() =>
  import('../features/class-material/components/student-access-panel').then((m) => ({ default: m.StudentAccessPanel })),
);
const ContinueWatchingRow = lazy(() =>
  import('../features/watching/components/continue-watching-row').then((m) => ({ default: m.ContinueWatchingRow })),
);
const DriveItemWatching = lazy(() =>
  import('../features/watching/components/drive-item-watching').then((m) => ({ default: m.DriveItemWatching })),
);
const StudentLessonsPanel = lazy(() =>
  import('../features/watching/components/student-lessons-panel').then((m) => ({ default: m.StudentLessonsPanel })),
);
const WatchTracker = lazy(() => import('../features/watching/components/watch-tracker').then((m) => ({ default: m.WatchTracker })));
const MessagesFeedPage = lazy(() =>
  import('../features/messages/components/messages-feed-page').then((m) => ({ default: m.MessagesFeedPage })),
);
const NotificationsPage = lazy(() =>
  import('../features/notifications/components/notifications-page').then((m) => ({ default: m.NotificationsPage })),
);
const NotificationOpenerPage = lazy(() =>
  import('../features/notifications/components/notification-opener-page').then((m) => ({ default: m.NotificationOpenerPage })),
);
const UnsubscribePage = lazy(() =>
  import('../features/notifications/components/unsubscribe-page').then((m) => ({ default: m.UnsubscribePage })),
);
const SecurityPage = lazy(() => import('../features/approvals/components/security-page').then((m) => ({ default: m.SecurityPage })));
const AuditLogPage = lazy(() => import('../features/audit-log/components/audit-log-page').then((m) => ({ default: m.AuditLogPage })));
const TracePage = lazy(() => import('../features/forensics/components/trace-page').then((m) => ({ default: m.TracePage })));
const PaperCard = lazy(withSinhalaFont(() => import('../features/papers/components/paper-card').then((m) => ({ default: m.PaperCard }))));
const NewPaperButton = lazy(() => import('../features/papers/components/new-paper-button').then((m) => ({ default: m.NewPaperButton })));
const PaperPage = lazy(withSinhalaFont(() => import('../features/papers/components/paper-page').then((m) => ({ default: m.PaperPage }))));
const PaperEditorPage = lazy(
  withSinhalaFont(() => import('../features/papers/components/paper-editor-page').then((m) => ({ default: m.PaperEditorPage }))),
);
const PaperResultRoute = lazy(withSinhalaFont(() => import('./pages/paper-result-route').then((m) => ({ default: m.PaperResultRoute }))));
const PaperResultsPage = lazy(withSinhalaFont(() => import('../features/papers/components/results-page').then((m) => ({ default: m.ResultsPage }))));
const SittingPage = lazy(withSinhalaFont(() => import('../features/papers/components/sitting-page').then((m) => ({ default: m.SittingPage }))));
const WrittenPage = lazy(withSinhalaFont(() => import('../features/papers/components/written-page').then((m) => ({ default: m.WrittenPage }))));
const WrittenEditorPage = lazy(
  withSinhalaFont(() => import('../features/papers/components/written-editor-page').then((m) => ({ default: m.WrittenEditorPage }))),
);
const QuestionSheetRoute = lazy(() => import('./pages/question-sheet-route').then((m) => ({ default: m.QuestionSheetRoute })));
const MarkingQueuePage = lazy(
  withSinhalaFont(() => import('../features/papers/components/script-queue-page').then((m) => ({ default: m.MarkingQueuePage }))),
);
const MarkingPage = lazy(withSinhalaFont(() => import('../features/papers/components/script-marking-page').then((m) => ({ default: m.MarkingPage }))));
const ClassMonthPage = lazy(() => import('../features/fees/components/admin/class-month-page').then((m) => ({ default: m.ClassMonthPage })));
const StudentFeesPanel = lazy(() =>
  import('../features/fees/components/admin/student-fees-panel').then((m) => ({ default: m.StudentFeesPanel })),
);
const FeesRoute = lazy(() => import('../features/fees/components/fees-route').then((m) => ({ default: m.FeesRoute })));
const OrderReturnPage = lazy(() => import('../features/fees/components/order-return-page').then((m) => ({ default: m.OrderReturnPage })));
const ReceiptPage = lazy(() => import('../features/fees/components/receipt-page').then((m) => ({ default: m.ReceiptPage })));
const MonthLockCard = lazy(() => import('../features/fees/components/month-lock-card').then((m) => ({ default: m.MonthLockCard })));
const MonthFeeLine = lazy(() => import('../features/fees/components/month-lock-card').then((m) => ({ default: m.MonthFeeLine })));
const MonthLockPanel = lazy(() => import('../features/fees/components/month-lock-panel').then((m) => ({ default: m.MonthLockPanel })));
const ClassFeesDialog = lazy(() => import('../features/fees/components/class-fees-dialog').then((m) => ({ default: m.ClassFeesDialog })));
const MonthTagDialog = lazy(() => import('../features/fees/components/month-tag-dialog').then((m) => ({ default: m.MonthTagDialog })));
const UnderDevelopmentPage = lazy(() =>
  import('../components/under-development-page').then((m) => ({ default: m.UnderDevelopmentPage })),
);

function page(element: ReactNode) {
  return <Suspense fallback={<PageLoader />}>{element}</Suspense>;
}

/** A panel of another feature inside a page: it appears when loaded, without a second spinner. */
function slot(element: ReactNode) {
  return <Suspense fallback={null}>{element}</Suspense>;
}

function adminPage(element: ReactNode) {
  return <RequireAdmin>{page(element)}</RequireAdmin>;
}

const router = createHashRouter([
  {
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/', element: <RedirectSignedIn><LoginScreen /></RedirectSignedIn> },
      { path: '/register', element: page(<RegisterPage />) },
      { path: '/forgotPassword', element: page(<ForgotPasswordPage />) },
      { path: '/unsubscribe/:token', element: page(<UnsubscribePage />) },
      { path: CHOOSE_PASSWORD_PATH, element: <RequireSession>{page(<ChoosePasswordPage />)}</RequireSession> },
      { path: CODE_STEP_PATH, element: <RedirectSignedIn>{page(<CodeStepPage />)}</RedirectSignedIn> },
      { path: SECOND_FACTOR_PATH, element: <RequireSession>{adminPage(<SecondFactorPage />)}</RequireSession> },
      {
        element: <RequireSession>{page(<AppShell />)}</RequireSession>,
        children: [
          {
            path: '/home',
            element: page(
              <DriveFilesPage
                above={slot(<ContinueWatchingRow />)}
                itemExtra={(item, classFolder) => (
                  <>
                    {slot(<DriveItemWatching item={item} />)}
                    {hasFeeMonth(item) && slot(<MonthFeeLine item={item} classFolder={classFolder} />)}
                  </>
                )}
                paperCard={(item) => slot(<PaperCard item={item} />)}
                folderTools={(folder) => slot(<NewPaperButton folderId={folder.id} />)}
                // Fees (docs/fees.md 'What a student sees'): a month not paid yet is locked on its card and behind a link.
                itemGate={(item, classFolder) => (isLockedMonth(item) ? slot(<MonthLockCard item={item} classFolder={classFolder} />) : null)}
                folderRefusal={(error) => (isFeeRefusal(error) ? slot(<MonthLockPanel error={error} />) : null)}
                folderMenuExtra={(folder, { isClass, classFolder }) => [
                  isClass
                    ? { key: 'fees', label: t('fees.classFees'), dialog: (close) => slot(<ClassFeesDialog classFolder={classFolder} onClose={close} />) }
                    : { key: 'month', label: t('fees.monthMenu'), dialog: (close) => slot(<MonthTagDialog folder={folder} classFolder={classFolder} onClose={close} />) },
                ]}
              />,
            ),
          },
          {
            path: '/students',
            element: adminPage(<StudentListPage
                profileExtra={(studentId) => (
                  <>
                    {slot(<StudentAccessPanel studentId={studentId} />)}
                    {slot(<StudentLessonsPanel studentId={studentId} />)}
                    {slot(<StudentFeesPanel studentId={studentId} />)}
                  </>
                )}
              />),
          },
          { path: '/addStudent', element: adminPage(<AddStudentPage />) },
          { path: '/devIndicate', element: page(<UnderDevelopmentPage />) },
          { path: '/profile', element: page(<ProfilePage />) },
          { path: '/social', element: adminPage(<SocialMediaManagerPage />) },
          { path: '/message', element: page(<MessagesFeedPage />) },
          { path: '/notifications', element: page(<NotificationsPage />) },
          { path: '/n/:id', element: page(<NotificationOpenerPage />) },
          { path: '/audit', element: adminPage(<AuditLogPage />) },
          { path: '/security', element: adminPage(<SecurityPage />) },
          { path: '/trace', element: adminPage(<TracePage />) },
          { path: '/papers/new/:folderId', element: adminPage(<PaperEditorPage />) },
          { path: '/papers/:paperId/edit', element: adminPage(<PaperEditorPage />) },
          { path: '/papers/:paperId', element: page(<PaperPage />) },
          { path: '/papers/:paperId/result', element: page(<PaperResultRoute />) },
          { path: '/papers/:paperId/results', element: adminPage(<PaperResultsPage />) },
          { path: '/papers/:paperId/written', element: page(<WrittenPage />) },
          { path: '/papers/:paperId/written/edit', element: adminPage(<WrittenEditorPage />) },
          { path: '/papers/:paperId/marking', element: adminPage(<MarkingQueuePage />) },
          { path: '/fees/classes/:folderId/:month', element: adminPage(<ClassMonthPage />) },
          { path: '/fees', element: page(<FeesRoute />) },
          { path: '/fees/orders/:orderId', element: page(<OrderReturnPage />) },
        ],
      },
      { path: '/view/:fileId', element: <RequireSession>{page(<FileViewerPage tracker={WatchTracker} />)}</RequireSession> },
      // Outside the shell: no drawer while sitting a paper (docs/papers.md, 'The screens').
      { path: '/papers/:paperId/sit', element: <RequireSession>{page(<SittingPage />)}</RequireSession> },
      // Outside the shell: the question sheet fills the screen as a class PDF does; the marking screen needs its width.
      { path: '/papers/:paperId/written/sheet', element: <RequireSession>{page(<QuestionSheetRoute />)}</RequireSession> },
      { path: '/papers/:paperId/marking/:scriptId', element: <RequireSession>{adminPage(<MarkingPage />)}</RequireSession> },
      // Outside the shell: a receipt alone on the page, to print (docs/fees.md 'Receipts').
      { path: '/fees/receipts/:paymentId', element: <RequireSession>{page(<ReceiptPage />)}</RequireSession> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);

/** MUI's theme and TanStack Query start with the router: the login page alone does without them (its JavaScript budget). */
export function AppRouter() {
  return (
    <MuiTheme>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MuiTheme>
  );
}
