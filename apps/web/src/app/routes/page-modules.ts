import { type Action, LIST_ACTION_BY_STATUS } from '@tna/domain';
import { matchPath } from 'react-router';
import { bootPreloads } from './boot-preloads';

// Every signed-in page's code, and the paths that show it: the route table (app-routes.tsx) and the
// early start of a page's code (authenticated-app.tsx) read the same list.

const modules = {
  dashboard: () => import('../../features/dashboard/pages/dashboard-page'),
  profile: () => import('../../features/profile/pages/profile-page'),
  assessmentsHome: () => import('../../features/assessments/pages/assessments-home-page'),
  users: () => import('../../features/users/pages/users-page'),
  hospitals: () => import('../../features/reference-data/pages/hospitals-page'),
  trainings: () => import('../../features/reference-data/pages/trainings-page'),
  departments: () => import('../../features/reference-data/pages/departments-page'),
  positions: () => import('../../features/reference-data/pages/positions-page'),
  administratives: () => import('../../features/reference-data/pages/administratives-page'),
  userLogs: () => import('../../features/logs/pages/user-logs-page'),
  errorLogs: () => import('../../features/logs/pages/error-logs-page'),
  performance: () => import('../../features/performance/pages/performance-page'),
  imports: () => import('../../features/imports/pages/imports-page'),
  analytics: () => import('../../features/analytics/pages/analytics-page'),
  newAssessment: () => import('../../features/assessments/pages/new-assessment-page'),
  details: () => import('../../features/assessments/pages/assessment-details-page'),
  edit: () => import('../../features/assessments/pages/edit-assessment-page'),
  myForms: () => import('../../features/assessments/pages/my-assessments-page'),
  outbox: () => import('../../features/assessments/pages/outbox-page'),
  outboxEntry: () => import('../../features/assessments/pages/outbox-entry-page'),
  review: () => import('../../features/review/pages/review-list-page'),
};

export interface PageRoute {
  /** Relative to the app's root; '' is the dashboard. */
  path: string;
  /**
   * The translation key of the page's title (its <h1>). boot.js shows it in the frame it paints
   * before the app's code has arrived; the page itself shows the same key through PageHeader.
   */
  title: string;
  /** Who may open it; pages without one are open to every signed-in user. */
  action?: Action;
  load: () => Promise<unknown>;
  /** The page component's export name in its module. */
  name: string;
}

/** The signed-in pages of SPEC 2 that are built, with who may open them. */
export const PAGE_ROUTES: readonly PageRoute[] = [
  { path: '', title: 'dashboard.title', load: modules.dashboard, name: 'DashboardPage' },
  { path: 'profile', title: 'profile.title', load: modules.profile, name: 'ProfilePage' },
  { path: 'tna', title: 'tna.home.title', load: modules.assessmentsHome, name: 'AssessmentsHomePage' },
  { path: 'users', title: 'users.title', action: 'users.manage', load: modules.users, name: 'UsersPage' },
  {
    path: 'hospitals',
    title: 'pages.titles.hospitals',
    action: 'reference.manage',
    load: modules.hospitals,
    name: 'HospitalsPage',
  },
  {
    path: 'trainings',
    title: 'pages.titles.trainings',
    action: 'reference.manage',
    load: modules.trainings,
    name: 'TrainingsPage',
  },
  {
    path: 'departments',
    title: 'pages.titles.departments',
    action: 'reference.manage',
    load: modules.departments,
    name: 'DepartmentsPage',
  },
  {
    path: 'positions',
    title: 'pages.titles.positions',
    action: 'reference.manage',
    load: modules.positions,
    name: 'PositionsPage',
  },
  {
    path: 'administratives',
    title: 'pages.titles.administratives',
    action: 'reference.manage',
    load: modules.administratives,
    name: 'AdministrativesPage',
  },
  {
    path: 'logs/user-logs',
    title: 'pages.titles.userLogs',
    action: 'logs.read',
    load: modules.userLogs,
    name: 'UserLogsPage',
  },
  {
    path: 'logs/error-logs',
    title: 'pages.titles.errorLogs',
    action: 'logs.read',
    load: modules.errorLogs,
    name: 'ErrorLogsPage',
  },
  {
    path: 'performance',
    title: 'pages.titles.performance',
    action: 'performance.read',
    load: modules.performance,
    name: 'PerformancePage',
  },
  { path: 'imports', title: 'imports.title', action: 'data.import', load: modules.imports, name: 'ImportsPage' },
  {
    path: 'tna/export',
    title: 'pages.titles.export',
    action: 'analytics.read',
    load: modules.analytics,
    name: 'AnalyticsPage',
  },
  {
    path: 'tna/create',
    title: 'pages.titles.create',
    action: 'tna.create',
    load: modules.newAssessment,
    name: 'NewAssessmentPage',
  },
  {
    path: 'tna/details/:id',
    title: 'pages.titles.details',
    action: 'tna.details',
    load: modules.details,
    name: 'AssessmentDetailsPage',
  },
  {
    path: 'tna/edit/:id',
    title: 'pages.titles.edit',
    action: 'tna.edit',
    load: modules.edit,
    name: 'EditAssessmentPage',
  },
  {
    path: 'tna/my-forms',
    title: 'pages.titles.myForms',
    action: 'tna.myforms',
    load: modules.myForms,
    name: 'MyAssessmentsPage',
  },
  // Forms kept on this device until the server can be reached (offline capture).
  { path: 'tna/outbox', title: 'offline.outbox.title', action: 'tna.create', load: modules.outbox, name: 'OutboxPage' },
  {
    path: 'tna/outbox/:id',
    title: 'offline.outbox.entryTitle',
    action: 'tna.create',
    load: modules.outboxEntry,
    name: 'OutboxEntryPage',
  },
  {
    path: 'tna/validate',
    title: 'pages.titles.validate',
    action: LIST_ACTION_BY_STATUS.NEW,
    load: modules.review,
    name: 'ValidationListPage',
  },
  {
    path: 'tna/cleared',
    title: 'pages.titles.cleared',
    action: LIST_ACTION_BY_STATUS.APPROVED,
    load: modules.review,
    name: 'ApprovedListPage',
  },
  {
    path: 'tna/rejected',
    title: 'pages.titles.rejected',
    action: LIST_ACTION_BY_STATUS.REJECTED,
    load: modules.review,
    name: 'RejectedListPage',
  },
  {
    path: 'tna/archived',
    title: 'pages.titles.archived',
    action: LIST_ACTION_BY_STATUS.ARCHIVED,
    load: modules.review,
    name: 'ArchivedListPage',
  },
];

/**
 * Start loading the code of the page at `pathname`. A failure is left to the page's own load, which
 * reports it (lib/offline's error fallback offers "Try again").
 */
export function preloadPageAt(pathname: string): void {
  const route = PAGE_ROUTES.find((r) => matchPath(`/${r.path}`, pathname));
  if (route)
    bootPreloads()
      .then(route.load)
      .catch(() => {});
}
