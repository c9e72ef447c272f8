import { Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowBack, IconPencil, IconPrinter } from '@tabler/icons-react';
import { can } from '@tna/domain';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LoadError, Pending } from '../../../components/load-states';
import { PageHeader } from '../../../components/page-header';
import { isRefusal } from '../../../lib/api-error';
import { useRoles } from '../../../lib/auth';
import { describeError } from '../../../lib/form';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useAssessment } from '../api/get-assessment';
import { useHistories } from '../api/get-histories';
import { usePriorities } from '../api/get-priorities';
import print from '../components/assessment-print.module.css';
import { AssessmentView } from '../components/assessment-view';
import { ClearanceSlot } from '../components/clearance-slot';
import { HistoryTable } from '../components/history-table';
import { PrioritiesTable } from '../components/priorities-table';
import { StatusBadge } from '../components/status-badge';

/** While this page is open, printing leaves the shell out (see assessment-print.module.css). */
function usePrintLayout() {
  useEffect(() => {
    document.body.dataset.printLayout = 'assessment';
    return () => {
      delete document.body.dataset.printLayout;
    };
  }, []);
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md" component="section" aria-label={title}>
      <Title order={2} fz="md" mb="xs">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/**
 * SPEC 2 Assessment Details: the record read-only (names in the active language), its training
 * priorities and approval history, Print (one A4 page without the shell), Update for a REJECTED form,
 * and the place of the clearance form (a later issue).
 */
export function AssessmentDetailsPage() {
  const { t, i18n } = useTranslation();
  const id = Number(useParams().id);
  const roles = useRoles();
  const assessment = useAssessment(id);
  const priorities = usePriorities(id);
  const histories = useHistories(id);
  usePrintLayout();

  const title = t('pages.titles.details');
  if (assessment.isPending && id > 0) {
    return (
      <>
        <PageHeader title={title} />
        <Pending>
          <Center py="xl" aria-busy="true">
            <Loader />
          </Center>
        </Pending>
      </>
    );
  }
  if (!assessment.data) {
    return (
      <>
        <PageHeader title={title} />
        {/* A form that is not there stays so; the network or the server may come back. */}
        <LoadError
          text={assessment.error ? describeError(i18n, assessment.error) : t('errors.NOT_FOUND')}
          onRetry={assessment.error && !isRefusal(assessment.error) ? () => void assessment.refetch() : undefined}
        >
          <Button
            component={Link}
            to="/tna"
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconArrowBack size={14} aria-hidden />}
          >
            {t('tna.details.backToAssessments')}
          </Button>
        </LoadError>
      </>
    );
  }

  const a = assessment.data;
  const canUpdate = a.status === 'REJECTED' && can(roles, 'tna.edit');
  return (
    <div className={print.page}>
      <div className={print.noPrint}>
        <PageHeader
          title={title}
          actions={
            <Group gap="sm">
              {canUpdate && (
                <Button component={Link} to={`/tna/edit/${a.id}`} leftSection={<IconPencil size={18} aria-hidden />}>
                  {t('tna.details.update')}
                </Button>
              )}
              <Button
                variant="default"
                leftSection={<IconPrinter size={18} aria-hidden />}
                onClick={() => window.print()}
              >
                {t('tna.details.print')}
              </Button>
            </Group>
          }
        />
      </div>
      <div className={print.printOnly}>
        <Text fz="xs">
          <bdi>{t('app.name')}</bdi> · <bdi>{formatDateTime(new Date(), currentLanguage())}</bdi>
        </Text>
        <Title order={2} fz="lg" mb="xs">
          {title}
        </Title>
      </div>
      <Stack gap="md">
        <Group gap="sm" wrap="wrap">
          <Title order={2} fz="xl">
            <bdi>{`${a.name} ${a.lastname}`}</bdi>
          </Title>
          <StatusBadge status={a.status} size="lg" />
        </Group>
        <AssessmentView assessment={a} />
        <Block title={t('tna.details.priorities')}>
          <PrioritiesTable
            priorities={priorities.data}
            loading={priorities.isPending}
            error={priorities.isError}
            onRetry={() => void priorities.refetch()}
          />
        </Block>
        <Block title={t('tna.details.history')}>
          <HistoryTable
            histories={histories.data}
            loading={histories.isPending}
            error={histories.isError}
            onRetry={() => void histories.refetch()}
          />
        </Block>
        <div className={print.noPrint}>
          <ClearanceSlot assessment={a} />
        </div>
      </Stack>
    </div>
  );
}
