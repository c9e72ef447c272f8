import {
  type Icon,
  IconAlertTriangle,
  IconBuildingHospital,
  IconChartBar,
  IconClipboardList,
  IconDashboard,
  IconFileImport,
  IconHierarchy2,
  IconId,
  IconListDetails,
  IconMap2,
  IconSchool,
  IconUserCog,
  IconUsers,
} from '@tabler/icons-react';
import type { Action } from '@tna/domain';

export interface NavItem {
  labelKey: string;
  path: string;
  icon: Icon;
  /** Only roles granted this action see the entry. */
  action?: Action;
  children?: readonly NavItem[];
}

/** The sidebar of SPEC 2: Dashboard and Assessments for everyone, the rest for admins. */
export const NAV_ITEMS: readonly NavItem[] = [
  { labelKey: 'nav.dashboard', path: '/', icon: IconDashboard },
  { labelKey: 'nav.assessments', path: '/tna', icon: IconClipboardList },
  { labelKey: 'nav.users', path: '/users', icon: IconUsers, action: 'users.manage' },
  { labelKey: 'nav.trainings', path: '/trainings', icon: IconSchool, action: 'reference.manage' },
  { labelKey: 'nav.provinces', path: '/administratives', icon: IconMap2, action: 'reference.manage' },
  { labelKey: 'nav.healthFacilities', path: '/hospitals', icon: IconBuildingHospital, action: 'reference.manage' },
  { labelKey: 'nav.departments', path: '/departments', icon: IconHierarchy2, action: 'reference.manage' },
  { labelKey: 'nav.positions', path: '/positions', icon: IconId, action: 'reference.manage' },
  { labelKey: 'nav.performance', path: '/performance', icon: IconChartBar, action: 'performance.read' },
  { labelKey: 'nav.imports', path: '/imports', icon: IconFileImport, action: 'data.import' },
  {
    labelKey: 'nav.logs',
    path: '/logs',
    icon: IconListDetails,
    action: 'logs.read',
    children: [
      { labelKey: 'nav.userLogs', path: '/logs/user-logs', icon: IconUserCog, action: 'logs.read' },
      { labelKey: 'nav.errorLogs', path: '/logs/error-logs', icon: IconAlertTriangle, action: 'logs.read' },
    ],
  },
];

/** Exact match for the dashboard, prefix match for sections (so /tna/create keeps Assessments lit). */
export function isActivePath(itemPath: string, pathname: string): boolean {
  if (itemPath === '/') return pathname === '/';
  return pathname === itemPath || pathname.startsWith(`${itemPath}/`);
}
