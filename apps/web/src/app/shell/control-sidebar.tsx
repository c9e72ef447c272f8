import { AppShell } from '@mantine/core';
import { lazy, Suspense, useRef } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useTranslation } from 'react-i18next';
import type { ControlSettingsProps } from './control-settings';

// The settings' code (switches, colour swatches, a segmented control) comes at the sidebar's first
// opening, not with every page: most users never open it, and a phone loads and runs that much less
// before it can show a page (issue 15). Mantine's SegmentedControl also measured its items on every
// layout change while the sidebar was closed: about 0.1 s of each page load on a slow machine.
const ControlSettings = lazy(() => import('./control-settings'));

/** SPEC 2 control sidebar (dark mode, navbar colour, sidebar skin, side menu toggle), kept once opened. */
export function ControlSidebar({ inert, ...props }: ControlSettingsProps & { inert: boolean }) {
  const { t } = useTranslation();
  const opened = useRef(false);
  if (!inert) opened.current = true;
  return (
    <AppShell.Aside id="control-sidebar" p="md" aria-label={t('settings.title')} inert={inert}>
      {opened.current ? (
        // Offline before the service worker had it: the sidebar stays empty rather than the app failing.
        <ErrorBoundary fallback={null}>
          <Suspense fallback={null}>
            <ControlSettings {...props} />
          </Suspense>
        </ErrorBoundary>
      ) : null}
    </AppShell.Aside>
  );
}
