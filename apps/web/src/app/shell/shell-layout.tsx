import { AppShell } from '@mantine/core';
import { useDisclosure, useMediaQuery, useWindowEvent } from '@mantine/hooks';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Reveal, StagedReveal } from '../../lib/staged-reveal';
import { ConnectivityBanner } from '../offline/connectivity-banner';
import { ControlSidebar } from './control-sidebar';
import { useDisplaySettings } from './display-settings';
import { AppHeader } from './header';
import classes from './shell.module.css';
import { Sidebar } from './sidebar';

const RAIL_WIDTH = 68;
const SIDEBAR_WIDTH = 250;

/** The order in which the shell's parts are built on the first load. */
const SHELL_PARTS = { menu: 2, settings: 3, count: 3 } as const;

/**
 * The shell of SPEC 2. On desktop the sidebar is either a full menu or a narrow icon rail
 * (collapsed, the initial state); on phones it is a drawer, closed by default.
 */
export function ShellLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { settings, update, reset } = useDisplaySettings();
  const [mobileOpened, mobile] = useDisclosure(false);
  const [controlOpened, control] = useDisclosure(false);
  const desktop = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const rail = settings.sidebarCollapsed && desktop;
  const { pathname } = useLocation();

  // A chosen page closes the phone drawer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => {
    mobile.close();
  }, [pathname]);

  // Escape closes the phone drawer and the control sidebar, as it does menus and dialogs.
  useWindowEvent('keydown', (event) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    mobile.close();
    control.close();
  });

  return (
    <AppShell
      layout="alt"
      header={{ height: 56 }}
      footer={{ height: 40 }}
      navbar={{
        width: settings.sidebarCollapsed ? RAIL_WIDTH : SIDEBAR_WIDTH,
        breakpoint: 'sm',
        collapsed: { mobile: !mobileOpened },
      }}
      aside={{ width: 300, breakpoint: 'sm', collapsed: { desktop: !controlOpened, mobile: !controlOpened } }}
      padding={{ base: 10, sm: 16 }}
    >
      <a href="#main-content" className="skip-link">
        {t('app.skipToContent')}
      </a>
      <AppHeader
        variant={settings.navbarVariant}
        mobileOpened={mobileOpened}
        onToggleMobile={mobile.toggle}
        sidebarCollapsed={settings.sidebarCollapsed}
        onToggleSidebar={() => update({ sidebarCollapsed: !settings.sidebarCollapsed })}
        controlOpened={controlOpened}
        onToggleControl={control.toggle}
      />
      {/* The header and the page first; the menu and the (closed) display settings a commit later,
          so that no single task of a phone's first load builds them all (lib/staged-reveal.tsx). */}
      <StagedReveal parts={SHELL_PARTS.count}>
        <Reveal at={SHELL_PARTS.menu}>
          {/* A closed drawer is off-screen; `inert` keeps it out of the keyboard order too. */}
          <Sidebar rail={rail} skin={settings.sidebarSkin} onClose={mobile.close} inert={!desktop && !mobileOpened} />
        </Reveal>
        <Reveal at={SHELL_PARTS.settings}>
          <ControlSidebar
            settings={settings}
            onChange={update}
            onReset={reset}
            onClose={control.close}
            inert={!controlOpened}
          />
        </Reveal>
        <AppShell.Main id="main-content" className={classes.main} tabIndex={-1}>
          <ConnectivityBanner />
          {children}
        </AppShell.Main>
      </StagedReveal>
      <AppShell.Footer className={classes.footer}>{t('app.version')}</AppShell.Footer>
    </AppShell>
  );
}
