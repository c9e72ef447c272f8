import { ActionIcon, Burger, Group } from '@mantine/core';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OutboxIndicator } from '../offline/outbox-indicator';
import type { NavbarVariant } from './display-settings';
import { LanguageMenu } from './language-menu';
import { SCROLLBAR_OFFSET } from './scrollbar-offset';
import classes from './shell.module.css';
import frame from './shell-frame.module.css';
import { UserMenu } from './user-menu';

interface AppHeaderProps {
  variant: NavbarVariant;
  mobileOpened: boolean;
  onToggleMobile: () => void;
  sidebarCollapsed: boolean;
  onToggleSidebar: () => void;
  controlOpened: boolean;
  onToggleControl: () => void;
}

const BACKGROUNDS: Record<NavbarVariant, string | undefined> = {
  default: undefined,
  blue: 'var(--mantine-color-blue-7)',
  indigo: 'var(--mantine-color-indigo-7)',
  teal: 'var(--mantine-color-teal-8)',
  green: 'var(--mantine-color-green-8)',
  orange: 'var(--mantine-color-orange-8)',
  red: 'var(--mantine-color-red-8)',
  dark: 'var(--mantine-color-dark-6)',
};

/** SPEC 2 header: menu toggle, Home and Assessments links, language menu and user menu. */
export function AppHeader(props: AppHeaderProps) {
  const { t } = useTranslation();
  const colored = props.variant !== 'default';
  const tone = colored ? 'white' : undefined;

  return (
    <header
      className={`${frame.header} ${classes.header} ${SCROLLBAR_OFFSET}`}
      data-shell="header"
      data-colored={colored || undefined}
      style={{ backgroundColor: BACKGROUNDS[props.variant] }}
    >
      <Burger
        opened={props.mobileOpened}
        onClick={props.onToggleMobile}
        hiddenFrom="sm"
        size="sm"
        color={tone}
        aria-label={t('header.toggleMenu')}
        aria-expanded={props.mobileOpened}
      />
      <Burger
        opened={!props.sidebarCollapsed}
        onClick={props.onToggleSidebar}
        visibleFrom="sm"
        size="sm"
        color={tone}
        aria-label={t('header.toggleMenu')}
        aria-expanded={!props.sidebarCollapsed}
      />
      <Group gap={2} visibleFrom="sm" component="nav" aria-label={t('nav.home')}>
        <Link className={classes.headerLink} to="/">
          {t('nav.home')}
        </Link>
        <Link className={classes.headerLink} to="/tna">
          {t('nav.assessments')}
        </Link>
      </Group>
      <Group gap={4} ms="auto" wrap="nowrap">
        <OutboxIndicator colored={colored} />
        <LanguageMenu colored={colored} />
        <UserMenu />
        <ActionIcon
          variant={colored ? 'transparent' : 'subtle'}
          color={colored ? 'white' : 'gray'}
          size="lg"
          onClick={props.onToggleControl}
          aria-label={t('header.displaySettings')}
          aria-expanded={props.controlOpened}
          aria-controls="control-sidebar"
        >
          <IconAdjustmentsHorizontal size={20} aria-hidden />
        </ActionIcon>
      </Group>
    </header>
  );
}
