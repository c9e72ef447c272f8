import type { Action } from '@tna/domain';
import type { ComponentType, ReactElement } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { ComingSoonPage } from '../../components/coming-soon-page';
import { lazyNamed } from './lazy-named';
import { PAGE_ROUTES } from './page-modules';
import { RequirePermission } from './require-permission';

/** Each page's component, loaded with its chunk when first shown. */
const PAGES = PAGE_ROUTES.map((route) => ({
  ...route,
  Page: lazyNamed(route.load as () => Promise<Record<string, ComponentType>>, route.name),
}));

interface LaterScreen {
  path: string;
  titleKey: string;
  /** Who may open it; screens without one are open to every signed-in user. */
  action?: Action;
}

/** Screens of SPEC 2 whose content arrives with later issues: routed now, with title and breadcrumb. */
const LATER_SCREENS: readonly LaterScreen[] = [{ path: 'sub-menu-2', titleKey: 'pages.titles.subMenu2' }];

/** A page behind the permission it needs, when it needs one. */
function guarded(action: Action | undefined, page: ReactElement): ReactElement {
  return action ? <RequirePermission action={action}>{page}</RequirePermission> : page;
}

/** The authenticated routes of SPEC 2, rendered inside the shell. */
export function AppRoutes() {
  return (
    <Routes>
      {PAGES.map(({ path, action, Page }) =>
        path === '' ? (
          <Route key="" index element={guarded(action, <Page />)} />
        ) : (
          <Route key={path} path={path} element={guarded(action, <Page />)} />
        ),
      )}
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
