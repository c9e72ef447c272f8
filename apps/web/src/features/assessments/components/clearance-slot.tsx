import { Alert, Divider } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { type AssessmentDto, can } from '@tna/domain';
import { useTranslation } from 'react-i18next';
import { useRoles } from '../../../lib/auth';

/**
 * The place of the clearance form of SPEC 4 (approve or reject a NEW form; 'As a New' or 'Archive'
 * for a REJECTED one). It arrives with a later issue; until then this says so to those who would use it.
 * Hidden when the form is APPROVED or ARCHIVED, as the clearance form will be.
 */
export function ClearanceSlot({ assessment }: { assessment: AssessmentDto }) {
  const { t } = useTranslation();
  const roles = useRoles();
  const action = assessment.status === 'NEW' ? 'tna.review' : assessment.status === 'REJECTED' ? 'tna.resubmit' : null;
  if (!action || !can(roles, action)) return null;
  return (
    <section aria-label={t('tna.details.clearance')}>
      <Divider my="sm" label={t('tna.details.clearance')} labelPosition="center" />
      <Alert variant="light" color="blue" icon={<IconClockHour4 aria-hidden />}>
        {t('tna.details.clearanceLater')}
      </Alert>
    </section>
  );
}
