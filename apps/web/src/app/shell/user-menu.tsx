import { Avatar, Box, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconLogout, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DeferredMenu } from '../../components/deferred-menu';
import { useProfile } from '../../lib/auth';
import { useSession } from '../../lib/auth-storage';
import { formatDate } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { useSignOut } from '../offline/sign-out';

/** SPEC 2 user menu: the email, 'Member since', Profile and Sign out. */
export function UserMenu() {
  const { t } = useTranslation();
  const { email } = useSession();
  const profile = useProfile();
  const signOut = useSignOut();
  const shownEmail = profile.data?.email ?? email ?? '';
  const since = formatDate(profile.data?.created_at, currentLanguage());

  return (
    <DeferredMenu
      position="bottom-end"
      width={260}
      withinPortal
      target={
        <UnstyledButton
          style={{ display: 'flex', alignItems: 'center', gap: 8, color: 'inherit', padding: 4, borderRadius: 4 }}
        >
          <Avatar size={32} radius="xl" color="blue" variant="filled" aria-hidden>
            {shownEmail.charAt(0).toUpperCase()}
          </Avatar>
          <Box
            component="span"
            visibleFrom="lg"
            fz="sm"
            maw={220}
            style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}
          >
            {shownEmail}
          </Box>
          {/* The button is named by what it shows (the email, on wide screens) and this, so speech control users can say it. */}
          <VisuallyHidden>{t('header.userMenu')}</VisuallyHidden>
        </UnstyledButton>
      }
    >
      {(Menu) => (
        <>
          <Box px="sm" py="xs">
            <Text fw={700} fz="sm" truncate dir="ltr" ta="start">
              {shownEmail}
            </Text>
            {since && (
              <Text fz="xs" c="dimmed">
                {t('header.memberSince')} {since}
              </Text>
            )}
          </Box>
          <Menu.Divider />
          <Menu.Item component={Link} to="/profile" leftSection={<IconUser size={16} aria-hidden />}>
            {t('header.profile')}
          </Menu.Item>
          <Menu.Item color="red" leftSection={<IconLogout size={16} aria-hidden />} onClick={() => void signOut()}>
            {t('header.signOut')}
          </Menu.Item>
        </>
      )}
    </DeferredMenu>
  );
}
