import { useDisclosure, useWindowEvent } from '@mantine/hooks';
import { type CSSProperties, type ReactNode, startTransition, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useMediaMatch } from '../../lib/media-query';
import { useSettled } from '../../lib/settled';
import { Reveal, StagedReveal } from '../../lib/staged-reveal';
import { ConnectivityBanner } from '../offline/connectivity-banner';
import { ControlSidebar } from './control-sidebar';
import { useDisplaySettings } from './display-settings';
import { AppHeader } from './header';
import { SCROLLBAR_OFFSET } from './scrollbar-offset';
import classes from './shell.module.css';
import frame from './shell-frame.module.css';
import { Sidebar } from './sidebar';

const RAIL_WIDTH = 68;
const SIDEBAR_WIDTH = 250;

/** The order in which the shell's parts are built on the first load. */
const SHELL_PARTS = { menu: 2, settings: 3, count: 3 } as const;
/** How long after the page settled a phone's closed menu is built (see ShellLayout). */
const MENU_AFTER_SETTLED_MS = 3_000;

/**
 * The shell of SPEC 2. On desktop the sidebar is either a full menu or a narrow icon rail
 * (collapsed, the initial state); on phones it is a drawer, closed by default.
 */
export function ShellLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { settings, update, reset } = useDisplaySettings();
  const [mobileOpened, mobile] = useDisclosure(false);
  const [controlOpened, control] = useDisclosure(false);
  const desktop = useMediaMatch('(min-width: 48em)');
  const rail = settings.sidebarCollapsed && desktop;
  const { pathname } = useLocation();
  // On a phone the menu is a closed drawer, inert and off-screen (out of the keyboard order and of
  // what a screen reader reads): it is not built in a first load, where its entries were about a third
  // of the shell's components (issue 15), but a few seconds after the page has settled, as a
  // transition that a tap interrupts, or at its first opening if that comes sooner. Built at the first
  // opening, that opening took 229-257 ms at 8x CPU slowdown against 37-117 ms once built.
  const [menuBuilt, setMenuBuilt] = useState(desktop);
  const settled = useSettled(MENU_AFTER_SETTLED_MS);
  useEffect(() => {
    if (desktop) setMenuBuilt(true);
    else if (settled) startTransition(() => setMenuBuilt(true));
  }, [desktop, settled]);
  const toggleMenu = () => {
    if (menuBuilt) return mobile.toggle();
    setMenuBuilt(true);
    // Opened once it has been drawn closed, so that it slides in as it does every later time.
    requestAnimationFrame(() => requestAnimationFrame(mobile.open));
  };

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
    <div
      className={frame.shell}
      data-aside-opened={controlOpened || undefined}
      style={{ '--shell-navbar-width': `${settings.sidebarCollapsed ? RAIL_WIDTH : SIDEBAR_WIDTH}px` } as CSSProperties}
    >
      <a href="#main-content" className="skip-link">
        {t('app.skipToContent')}
      </a>
      <AppHeader
        variant={settings.navbarVariant}
        mobileOpened={mobileOpened}
        onToggleMobile={toggleMenu}
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
          {menuBuilt && (
            <Sidebar
              rail={rail}
              skin={settings.sidebarSkin}
              opened={mobileOpened}
              onClose={mobile.close}
              inert={!desktop && !mobileOpened}
            />
          )}
        </Reveal>
        <Reveal at={SHELL_PARTS.settings}>
          <ControlSidebar
            settings={settings}
            onChange={update}
            onReset={reset}
            onClose={control.close}
            opened={controlOpened}
          />
        </Reveal>
        <main id="main-content" className={`${frame.main} ${classes.main}`} data-shell="main" tabIndex={-1}>
          <ConnectivityBanner />
          {children}
        </main>
      </StagedReveal>
      <footer className={`${frame.footer} ${classes.footer} ${SCROLLBAR_OFFSET}`} data-shell="footer">
        {t('app.version')}
      </footer>
    </div>
  );
}
