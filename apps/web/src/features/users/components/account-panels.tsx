import { Badge, Button, CopyButton, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCheck, IconCopy, IconLink, IconX } from '@tabler/icons-react';
import { type AccountRequestDto, type PasswordResetDto, ROLES, type Role } from '@tna/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable, queryRows } from '../../../components/data-table';
import { Select } from '../../../components/select';
import { useConfirm } from '../../../components/use-confirm';
import { describeError } from '../../../lib/form';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import {
  type ResetLink,
  useAccountRequests,
  useCreateResetLink,
  useDecideAccountRequest,
  usePasswordResets,
} from '../api/account-requests';

function AcceptControls({ request }: { request: AccountRequestDto }) {
  const { t, i18n } = useTranslation();
  const [role, setRole] = useState<Role | null>(null);
  const decide = useDecideAccountRequest();
  const confirm = useConfirm();

  const act = async (accept: boolean) => {
    if (!accept && !(await confirm('accounts.confirmRefuse', { danger: true }))) return;
    try {
      await decide.mutateAsync({ id: request.id, role: accept ? role : null });
      notify('success', t(accept ? 'accounts.accepted' : 'accounts.refused'));
    } catch (error) {
      notify('error', describeError(i18n, error), t('toast.operationFailed'));
    }
  };

  return (
    <Group gap="xs" wrap="nowrap">
      <Select
        aria-label={t('accounts.roleFor', { email: request.email })}
        placeholder={t('users.selectRole')}
        data={ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
        value={role}
        onChange={(value) => setRole(value as Role | null)}
        size="xs"
        w={160}
        comboboxProps={{ withinPortal: true }}
      />
      <Button
        size="xs"
        color="green"
        leftSection={<IconCheck size={14} aria-hidden />}
        disabled={!role}
        loading={decide.isPending}
        onClick={() => void act(true)}
      >
        {t('accounts.accept')}
      </Button>
      <Button
        size="xs"
        color="red"
        variant="light"
        leftSection={<IconX size={14} aria-hidden />}
        disabled={decide.isPending}
        onClick={() => void act(false)}
      >
        {t('accounts.refuse')}
      </Button>
    </Group>
  );
}

/** The pending account requests from the register page: accept with a role, or refuse. */
export function AccountRequestsPanel() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const requests = useAccountRequests();
  const columns: Column<AccountRequestDto>[] = [
    { key: 'index', header: t('common.index'), render: (_, n) => n, width: 50 },
    { key: 'name', header: t('users.name'), render: (r) => r.name || '—' },
    { key: 'email', header: t('users.email'), render: (r) => <span dir="ltr">{r.email}</span> },
    { key: 'date', header: t('accounts.date'), render: (r) => formatDateTime(r.created_at, language), noWrap: true },
    { key: 'actions', header: t('common.actions'), render: (r) => <AcceptControls request={r} /> },
  ];
  return (
    <Stack gap="sm">
      <Title order={2} fz="lg">
        {t('accounts.requests')}
      </Title>
      <DataTable
        label={t('accounts.requests')}
        columns={columns}
        {...queryRows(requests)}
        rowKey={(r) => r.id}
        minWidth={760}
      />
    </Stack>
  );
}

function LinkModal({ link, onClose }: { link: ResetLink | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={link !== null}
      onClose={onClose}
      title={t('accounts.linkTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {link ? (
        <Stack gap="sm">
          <Text fz="sm">{t('accounts.linkOneTime', { time: formatDateTime(link.expires_at, currentLanguage()) })}</Text>
          <TextInput
            label={t('accounts.link')}
            value={link.url}
            readOnly
            dir="ltr"
            onFocus={(e) => e.currentTarget.select()}
            data-testid="reset-link"
          />
          <Text fz="sm" c={link.mailed ? 'green' : 'orange'}>
            {t(link.mailed ? 'accounts.mailed' : 'accounts.notMailed')}
          </Text>
          <Group justify="flex-end">
            <CopyButton value={link.url}>
              {({ copied, copy }) => (
                <Button
                  leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                  color={copied ? 'teal' : undefined}
                  onClick={copy}
                >
                  {t(copied ? 'accounts.copied' : 'accounts.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}

/** The password reset requests: the admin creates a one-time link and hands it over (or it is mailed). */
export function PasswordResetsPanel() {
  const { t, i18n } = useTranslation();
  const language = currentLanguage();
  const resets = usePasswordResets();
  const create = useCreateResetLink();
  const [link, setLink] = useState<ResetLink | null>(null);

  const createLink = async (reset: PasswordResetDto) => {
    try {
      setLink(await create.mutateAsync(reset.id));
    } catch (error) {
      notify('error', describeError(i18n, error), t('toast.operationFailed'));
    }
  };

  const columns: Column<PasswordResetDto>[] = [
    { key: 'index', header: t('common.index'), render: (_, n) => n, width: 50 },
    { key: 'name', header: t('users.name'), render: (r) => r.name },
    { key: 'email', header: t('users.email'), render: (r) => <span dir="ltr">{r.email}</span> },
    {
      key: 'status',
      header: t('tna.fields.status'),
      render: (r) => (
        <Badge variant="light" color={r.status === 'open' ? 'blue' : 'teal'}>
          {t(`accounts.resetStatuses.${r.status}`)}
        </Badge>
      ),
    },
    {
      key: 'expires',
      header: t('accounts.expires'),
      render: (r) => (r.expires_at ? formatDateTime(r.expires_at, language) : '—'),
      noWrap: true,
    },
    {
      key: 'actions',
      header: t('common.actions'),
      render: (r) => (
        <Button
          size="xs"
          leftSection={<IconLink size={14} aria-hidden />}
          loading={create.isPending && create.variables === r.id}
          onClick={() => void createLink(r)}
          aria-label={t('accounts.createLinkFor', { email: r.email })}
        >
          {t('accounts.createLink')}
        </Button>
      ),
    },
  ];

  return (
    <Stack gap="sm">
      <Title order={2} fz="lg">
        {t('accounts.resets')}
      </Title>
      <DataTable
        label={t('accounts.resets')}
        columns={columns}
        {...queryRows(resets)}
        rowKey={(r) => r.id}
        minWidth={760}
      />
      <LinkModal link={link} onClose={() => setLink(null)} />
    </Stack>
  );
}
