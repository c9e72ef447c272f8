import { CloseButton, NavLink, Stack, UnstyledButton, useDirection, VisuallyHidden } from '@mantine/core';
import { IconClipboardHeart } from '@tabler/icons-react';
import { can } from '@tna/domain';
import { type CSSProperties, memo, type SyntheticEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { DeferredMenu } from '../../components/deferred-menu';
import { useRoles } from '../../lib/auth';
import type { SidebarSkin } from './display-settings';
import { isActivePath, NAV_ITEMS, type NavItem } from './nav-items';
import classes from './shell.module.css';
import frame from './shell-frame.module.css';

interface SidebarProps {
  /** Desktop icon-only rail. */
  rail: boolean;
  skin: SidebarSkin;
  /** Whether the phone's drawer is open (from 48em the sidebar is always shown). */
  opened: boolean;
  /** Shown on phones, where the sidebar is a drawer. */
  onClose: () => void;
  inert: boolean;
}

function visibleItems(items: readonly NavItem[], roles: readonly string[]): NavItem[] {
  return items.filter((item) => !item.action || can(roles, item.action));
}

function RailEntry({ item, pathname }: { item: NavItem; pathname: string }) {
  const { t } = useTranslation();
  const { dir } = useDirection();
  const side = dir === 'rtl' ? 'left' : 'right';
  // The name beside the icon on hover and on focus, in a fixed layer beside the link (the rail's
  // scrolling list would clip it), placed here and drawn by shell.module.css: Mantine's Tooltip
  // brought floating-ui to every page's first load (issue 15).
  const [tip, setTip] = useState<CSSProperties | null>(null);
  const showTip = (event: SyntheticEvent<HTMLElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const top = box.top + box.height / 2;
    setTip(dir === 'rtl' ? { top, right: window.innerWidth - box.left + 12 } : { top, left: box.right + 12 });
  };
  const hideTip = () => setTip(null);
  const Icon = item.icon;
  const active = isActivePath(item.path, pathname);
  const label = t(item.labelKey);

  const children = item.children ?? [];
  if (children.length) {
    return (
      <DeferredMenu
        position={side}
        offset={12}
        withArrow
        trigger="click-hover"
        target={
          <UnstyledButton className={classes.railLink} data-active={active || undefined} aria-label={label}>
            <Icon size={22} stroke={1.6} aria-hidden />
          </UnstyledButton>
        }
      >
        {(Menu) => (
          <>
            <Menu.Label>{label}</Menu.Label>
            {children.map((child) => (
              <Menu.Item
                key={child.path}
                component={Link}
                to={child.path}
                leftSection={<child.icon size={16} aria-hidden />}
              >
                {t(child.labelKey)}
              </Menu.Item>
            ))}
          </>
        )}
      </DeferredMenu>
    );
  }

  return (
    <UnstyledButton
      component={Link}
      to={item.path}
      className={classes.railLink}
      data-active={active || undefined}
      aria-label={label}
      aria-current={active && pathname === item.path ? 'page' : undefined}
      onMouseEnter={showTip}
      onFocus={showTip}
      onMouseLeave={hideTip}
      onBlur={hideTip}
    >
      <Icon size={22} stroke={1.6} aria-hidden />
      {tip && (
        <span className={classes.railTip} style={tip} aria-hidden>
          {label}
        </span>
      )}
    </UnstyledButton>
  );
}

function FullEntry({ item, pathname, skin }: { item: NavItem; pathname: string; skin: SidebarSkin }) {
  const { t } = useTranslation();
  const Icon = item.icon;
  const active = isActivePath(item.path, pathname);
  const variant = skin === 'dark' ? 'filled' : 'light';

  if (item.children?.length) {
    return (
      <NavLink
        label={t(item.labelKey)}
        leftSection={<Icon size={20} stroke={1.6} aria-hidden />}
        defaultOpened={active}
        className={classes.link}
        childrenOffset="md"
      >
        {item.children.map((child) => (
          <NavLink
            key={child.path}
            component={Link}
            to={child.path}
            label={t(child.labelKey)}
            leftSection={<child.icon size={18} stroke={1.6} aria-hidden />}
            active={isActivePath(child.path, pathname)}
            variant={variant}
            className={classes.link}
          />
        ))}
      </NavLink>
    );
  }

  return (
    <NavLink
      component={Link}
      to={item.path}
      label={t(item.labelKey)}
      leftSection={<Icon size={20} stroke={1.6} aria-hidden />}
      active={active}
      variant={variant}
      className={classes.link}
      aria-current={active && pathname === item.path ? 'page' : undefined}
    />
  );
}

/**
 * The menu's entries, rendered again only when what they show changes (the page, the roles, the
 * layout): opening or closing a phone's drawer changes the frame around them alone. Built again at
 * each press, its 13 NavLinks made an opening about 230 ms at 8x CPU slowdown (bench/README.md).
 */
const Entries = memo(function Entries({
  rail,
  skin,
  pathname,
  roles,
}: {
  rail: boolean;
  skin: SidebarSkin;
  pathname: string;
  roles: readonly string[];
}) {
  const items = visibleItems(NAV_ITEMS, roles);
  return (
    <Stack gap={rail ? 6 : 2}>
      {items.map((item) =>
        rail ? (
          <RailEntry key={item.path} item={item} pathname={pathname} />
        ) : (
          <FullEntry key={item.path} item={item} pathname={pathname} skin={skin} />
        ),
      )}
    </Stack>
  );
});

/** The sidebar titled 'TNA System' (SPEC 2). */
export function Sidebar({ rail, skin, opened, onClose, inert }: SidebarProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const roles = useRoles();

  return (
    <nav
      className={`${frame.navbar} ${classes.navbar}`}
      data-shell="navbar"
      data-skin={skin}
      data-opened={opened || undefined}
      aria-label={t('nav.mainNavigation')}
      inert={inert}
    >
      <div className={rail ? `${classes.brand} ${classes.brandRail}` : classes.brand}>
        <IconClipboardHeart className={classes.brandLogo} size={28} stroke={1.6} aria-hidden />
        {!rail && (
          <>
            <span className={classes.brandTitle}>{t('app.name')}</span>
            <CloseButton ms="auto" hiddenFrom="sm" onClick={onClose} aria-label={t('header.toggleMenu')} c="inherit" />
          </>
        )}
        {rail && <VisuallyHidden>{t('app.name')}</VisuallyHidden>}
      </div>
      <div className={frame.navbarLinks} data-rail={rail || undefined}>
        <Entries rail={rail} skin={skin} pathname={pathname} roles={roles} />
      </div>
    </nav>
  );
}
