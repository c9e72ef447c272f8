import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { useRoles } from '../../../lib/auth';
import { AssessmentTiles } from '../components/assessment-tiles';

/** SPEC 2 Assessments home: tiles by role. */
export function AssessmentsHomePage() {
  const { t } = useTranslation();
  const roles = useRoles();
  return (
    <>
      <PageHeader title={t('tna.home.title')} />
      <Text mb="md">{t('tna.home.intro')}</Text>
      <AssessmentTiles roles={roles} />
    </>
  );
}
