import { Alert, Group, Loader, SimpleGrid, Text } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { type AdminUnitDto, compareNames } from '@tna/domain';
import { useTranslation } from 'react-i18next';
import { RowActions } from '../../../components/admin-screen';
import { LoadError, Pending } from '../../../components/load-states';
import { useDistricts } from '../../../lib/api/get-districts';
import { currentLanguage } from '../../../lib/i18n';
import { unitName } from '../../../lib/localized';

interface DistrictsPanelProps {
  province: AdminUnitDto;
  canManage: boolean;
  onEdit: (district: AdminUnitDto) => void;
  onDelete: (district: AdminUnitDto) => void;
}

/** SPEC 2: a province's districts in an alert, one per line (in the active language), with Edit and Delete. */
export function DistrictsPanel({ province, canManage, onEdit, onDelete }: DistrictsPanelProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const districts = useDistricts(province.id);
  const sorted = [...(districts.data ?? [])].sort((a, b) => compareNames(unitName(a, language), unitName(b, language)));
  const title = t('administratives.districtsOf', { province: unitName(province, language) });

  return (
    <Alert
      variant="light"
      color="blue"
      icon={<IconMapPin aria-hidden />}
      title={districts.data ? `${title} (${districts.data.length})` : title}
      id={`districts-${province.id}`}
      role="region"
      aria-label={title}
    >
      {districts.isPending ? (
        <Pending>
          <Loader size="sm" />
        </Pending>
      ) : districts.isError ? (
        <LoadError onRetry={() => void districts.refetch()} />
      ) : sorted.length === 0 ? (
        <Text fz="sm">{t('administratives.noDistricts')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing={4} verticalSpacing={2} component="ul" m={0} p={0}>
          {sorted.map((district) => {
            const name = unitName(district, language);
            return (
              <Group key={district.id} component="li" gap="xs" wrap="nowrap" justify="space-between" mih={30}>
                <Text fz="sm">
                  {name}
                  {language !== 'en' && name !== district.name_en ? (
                    <Text span fz="xs" c="dimmed" ms={6}>
                      <bdi dir="ltr">{district.name_en}</bdi>
                    </Text>
                  ) : null}
                </Text>
                {canManage ? (
                  <RowActions
                    size="sm"
                    name={name}
                    onEdit={() => onEdit(district)}
                    onDelete={() => onDelete(district)}
                  />
                ) : null}
              </Group>
            );
          })}
        </SimpleGrid>
      )}
    </Alert>
  );
}
