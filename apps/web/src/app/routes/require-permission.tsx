import { type Action, can } from '@tna/domain';
import type { ReactNode } from 'react';
import { NoAccess } from '../../components/no-access';
import { useRoles } from '../../lib/auth';

/** Renders a screen only for roles that may use it (the server enforces the same table). */
export function RequirePermission({ action, children }: { action: Action; children: ReactNode }) {
  const roles = useRoles();
  return can(roles, action) ? children : <NoAccess />;
}
