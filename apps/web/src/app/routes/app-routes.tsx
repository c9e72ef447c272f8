import { type Action, LIST_ACTION_BY_STATUS } from '@tna/domain';
import type { ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { ComingSoonPage } from '../../components/coming-soon-page';
import { lazyNamed } from './lazy-named';
import { RequirePermission } from './require-permission';

const DashboardPage = lazyNamed(() => import('../../features/dashboard/pages/dashboard-page'), 'DashboardPage');
const ProfilePage = lazyNamed(() => import('../../features/profile/pages/profile-page'), 'ProfilePage');
const AssessmentsHomePage = lazyNamed(
  () => import('../../features/assessments/pages/assessments-home-page'),
  'AssessmentsHomePage',
);
const UsersPage = lazyNamed(() => import('../../features/users/pages/users-page'), 'UsersPage');
const HospitalsPage = lazyNamed(() => import('../../features/reference-data/pages/hospitals-page'), 'HospitalsPage');
const TrainingsPage = lazyNamed(() => import('../../features/reference-data/pages/trainings-page'), 'TrainingsPage');
const DepartmentsPage = lazyNamed(
  () => import('../../features/reference-data/pages/departments-page'),
  'DepartmentsPage',
);
const PositionsPage = lazyNamed(() => import('../../features/reference-data/pages/positions-page'), 'PositionsPage');
const AdministrativesPage = lazyNamed(
  () => import('../../features/reference-data/pages/administratives-page'),
  'AdministrativesPage',
);
const UserLogsPage = lazyNamed(() => import('../../features/logs/pages/user-logs-page'), 'UserLogsPage');
const ErrorLogsPage = lazyNamed(() => import('../../features/logs/pages/error-logs-page'), 'ErrorLogsPage');
const PerformancePage = lazyNamed(() => import('../../features/performance/pages/performance-page'), 'PerformancePage');
const ImportsPage = lazyNamed(() => import('../../features/imports/pages/imports-page'), 'ImportsPage');
const AnalyticsPage = lazyNamed(() => import('../../features/analytics/pages/analytics-page'), 'AnalyticsPage');
const NewAssessmentPage = lazyNamed(
  () => import('../../features/assessments/pages/new-assessment-page'),
  'NewAssessmentPage',
);
const AssessmentDetailsPage = lazyNamed(
  () => import('../../features/assessments/pages/assessment-details-page'),
  'AssessmentDetailsPage',
);
const EditAssessmentPage = lazyNamed(
  () => import('../../features/assessments/pages/edit-assessment-page'),
  'EditAssessmentPage',
);
const MyAssessmentsPage = lazyNamed(
  () => import('../../features/assessments/pages/my-assessments-page'),
  'MyAssessmentsPage',
);
const OutboxPage = lazyNamed(() => import('../../features/assessments/pages/outbox-page'), 'OutboxPage');
const OutboxEntryPage = lazyNamed(
  () => import('../../features/assessments/pages/outbox-entry-page'),
  'OutboxEntryPage',
);
const reviewPages = () => import('../../features/review/pages/review-list-page');
const ValidationListPage = lazyNamed<'ValidationListPage', object>(reviewPages, 'ValidationListPage');
const ApprovedListPage = lazyNamed<'ApprovedListPage', object>(reviewPages, 'ApprovedListPage');
const RejectedListPage = lazyNamed<'RejectedListPage', object>(reviewPages, 'RejectedListPage');
const ArchivedListPage = lazyNamed<'ArchivedListPage', object>(reviewPages, 'ArchivedListPage');

/** The screens that are built, with who may open them. */
const SCREENS: readonly { path: string; action: Action; Page: ComponentType }[] = [
  { path: 'users', action: 'users.manage', Page: UsersPage },
  { path: 'hospitals', action: 'reference.manage', Page: HospitalsPage },
  { path: 'trainings', action: 'reference.manage', Page: TrainingsPage },
  { path: 'departments', action: 'reference.manage', Page: DepartmentsPage },
  { path: 'positions', action: 'reference.manage', Page: PositionsPage },
  { path: 'administratives', action: 'reference.manage', Page: AdministrativesPage },
  { path: 'logs/user-logs', action: 'logs.read', Page: UserLogsPage },
  { path: 'logs/error-logs', action: 'logs.read', Page: ErrorLogsPage },
  { path: 'performance', action: 'performance.read', Page: PerformancePage },
  { path: 'imports', action: 'data.import', Page: ImportsPage },
  { path: 'tna/export', action: 'analytics.read', Page: AnalyticsPage },
  { path: 'tna/create', action: 'tna.create', Page: NewAssessmentPage },
  { path: 'tna/details/:id', action: 'tna.details', Page: AssessmentDetailsPage },
  { path: 'tna/edit/:id', action: 'tna.edit', Page: EditAssessmentPage },
  { path: 'tna/my-forms', action: 'tna.myforms', Page: MyAssessmentsPage },
  // Forms kept on this device until the server can be reached (offline capture).
  { path: 'tna/outbox', action: 'tna.create', Page: OutboxPage },
  { path: 'tna/outbox/:id', action: 'tna.create', Page: OutboxEntryPage },
  { path: 'tna/validate', action: LIST_ACTION_BY_STATUS.NEW, Page: ValidationListPage },
  { path: 'tna/cleared', action: LIST_ACTION_BY_STATUS.APPROVED, Page: ApprovedListPage },
  { path: 'tna/rejected', action: LIST_ACTION_BY_STATUS.REJECTED, Page: RejectedListPage },
  { path: 'tna/archived', action: LIST_ACTION_BY_STATUS.ARCHIVED, Page: ArchivedListPage },
];

interface LaterScreen {
  path: string;
  titleKey: string;
  /** Who may open it; screens without one are open to every signed-in user. */
  action?: Action;
}

/** Screens of SPEC 2 whose content arrives with later issues: routed now, with title and breadcrumb. */
const LATER_SCREENS: readonly LaterScreen[] = [{ path: 'sub-menu-2', titleKey: 'pages.titles.subMenu2' }];

/** The authenticated routes of SPEC 2, rendered inside the shell. */
export function AppRoutes() {
  return (
    <Routes>
      <Route index element={<DashboardPage />} />
      <Route path="profile" element={<ProfilePage />} />
      <Route path="tna" element={<AssessmentsHomePage />} />
      {SCREENS.map(({ path, action, Page }) => (
        <Route
          key={path}
          path={path}
          element={
            <RequirePermission action={action}>
              <Page />
            </RequirePermission>
          }
        />
      ))}
      {LATER_SCREENS.map(({ path, titleKey, action }) => (
        <Route
          key={path}
          path={path}
          element={
            action ? (
              <RequirePermission action={action}>
                <ComingSoonPage titleKey={titleKey} />
              </RequirePermission>
            ) : (
              <ComingSoonPage titleKey={titleKey} />
            )
          }
        />
      ))}
      {/* The blank template page (SPEC 2). */}
      <Route path="blank" element={<ComingSoonPage titleKey="pages.titles.blank" lineKey="pages.blankLine" />} />
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
