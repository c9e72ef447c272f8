import { lazy, Suspense, useRef } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useTranslation } from 'react-i18next';
import type { ControlSettingsProps } from './control-settings';
import { SCROLLBAR_OFFSET } from './scrollbar-offset';
import frame from './shell-frame.module.css';

// The settings' code (switches, colour swatches, a segmented control) comes at the sidebar's first
// opening, not with every page: most users never open it, and a phone loads and runs that much less
// before it can show a page (issue 15). Mantine's SegmentedControl also measured its items on every
// layout change while the sidebar was closed: about 0.1 s of each page load on a slow machine.
const ControlSettings = lazy(() => import('./control-settings'));

/** SPEC 2 control sidebar (dark mode, navbar colour, sidebar skin, side menu toggle), kept once opened. */
export function ControlSidebar({ opened: open, ...props }: ControlSettingsProps & { opened: boolean }) {
  const { t } = useTranslation();
  const opened = useRef(false);
  if (open) opened.current = true;
  return (
    // Closed, it is off-screen; `inert` keeps it out of the keyboard order too.
    <aside
      id="control-sidebar"
      className={`${frame.aside} ${SCROLLBAR_OFFSET}`}
      data-shell="aside"
      data-opened={open || undefined}
      aria-label={t('settings.title')}
      inert={!open}
    >
      {opened.current ? (
        // Offline before the service worker had it: the sidebar stays empty rather than the app failing.
        <ErrorBoundary fallback={null}>
          <Suspense fallback={null}>
            <ControlSettings {...props} />
          </Suspense>
        </ErrorBoundary>
      ) : null}
    </aside>
  );
}
