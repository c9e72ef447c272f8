import { Button, Text } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { type AdminUnitDto, compareNames } from '@tna/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../../components/data-table';
import { currentLanguage } from '../../../lib/i18n';
import { unitName } from '../../../lib/localized';

interface ProvincesTableProps {
  provinces: readonly AdminUnitDto[] | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  /** The province whose districts are open, if any. */
  expandedId: number | null;
  onToggle: (province: AdminUnitDto) => void;
  renderDistricts: (province: AdminUnitDto) => ReactNode;
}

/** SPEC 2 Administratives table: #, Name, Type, Action (Districts). */
export function ProvincesTable(props: ProvincesTableProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const rows = [...(props.provinces ?? [])].sort((a, b) => compareNames(unitName(a, language), unitName(b, language)));
  const columns: Column<AdminUnitDto>[] = [
    { key: 'index', header: t('common.index'), render: (_, number) => number, width: 56 },
    {
      key: 'name',
      header: t('administratives.name'),
      render: (province) => (
        <>
          {unitName(province, language)}
          {province.code ? (
            // The gap sits on the side of the reading direction; the code itself reads left to right.
            <Text span fz="xs" c="dimmed" ms={8}>
              <bdi dir="ltr">{province.code}</bdi>
            </Text>
          ) : null}
        </>
      ),
    },
    {
      key: 'type',
      header: t('administratives.type'),
      render: (province) => t(`administratives.types.${province.type}`),
    },
    {
      key: 'action',
      header: t('common.action'),
      width: 150,
      render: (province) => {
        const open = props.expandedId === province.id;
        const Icon = open ? IconChevronUp : IconChevronDown;
        return (
          <Button
            size="compact-sm"
            variant={open ? 'filled' : 'light'}
            rightSection={<Icon size={14} aria-hidden />}
            aria-expanded={open}
            aria-controls={open ? `districts-${province.id}` : undefined}
            aria-label={t('administratives.districtsOf', { province: unitName(province, language) })}
            onClick={() => props.onToggle(province)}
          >
            {t('administratives.districts')}
          </Button>
        );
      },
    },
  ];
  return (
    <DataTable
      columns={columns}
      rows={props.provinces ? rows : undefined}
      rowKey={(province) => province.id}
      loading={props.loading}
      error={props.error}
      onRetry={props.onRetry}
      minWidth={320}
      label={t('administratives.list')}
      renderExpanded={(province) => (props.expandedId === province.id ? props.renderDistricts(province) : null)}
    />
  );
}
