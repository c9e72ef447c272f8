import { Stack, Tabs, Text } from '@mantine/core';
import { IMPORT_KINDS, type ImportKind } from '@tna/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { ImportPanel } from '../components/import-panel';
import { RecentImports } from '../components/recent-imports';

/** Imports (issue 16, admins): health facilities, users and assessments from a spreadsheet. */
export function ImportsPage() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<ImportKind>('facilities');
  return (
    <>
      <PageHeader title={t('imports.title')} />
      <Text fz="sm" mb="md">
        {t('imports.page.intro')}
      </Text>
      <Tabs value={kind} onChange={(value) => value && setKind(value as ImportKind)} keepMounted={false}>
        <Tabs.List mb="md">
          {IMPORT_KINDS.map((k) => (
            <Tabs.Tab key={k} value={k}>
              {t(`imports.kinds.${k}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {IMPORT_KINDS.map((k) => (
          <Tabs.Panel key={k} value={k}>
            <Stack gap="md">
              <ImportPanel kind={k} />
              <RecentImports kind={k} />
            </Stack>
          </Tabs.Panel>
        ))}
      </Tabs>
    </>
  );
}
