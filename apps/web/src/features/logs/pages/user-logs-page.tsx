import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { useUserLogs } from '../api/get-user-logs';
import { ClearLogFilters, LogFilters, type LogFilterValues, NO_LOG_FILTERS } from '../components/log-filters';
import { LogsTable } from '../components/logs-table';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** SPEC 2 User Logs: the audit trail of every change, newest first, with filters and page links. */
export function UserLogsPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<LogFilterValues>(NO_LOG_FILTERS);
  const [page, setPage] = useState(1);
  const logs = useUserLogs({
    page,
    user_id: filters.user_id ? Number(filters.user_id) : null,
    model: filters.model,
    event: filters.event,
    // A half-typed date is not sent.
    from: DAY.test(filters.from) ? filters.from : null,
    to: DAY.test(filters.to) ? filters.to : null,
  });

  const changeFilters = (next: LogFilterValues) => {
    setFilters(next);
    setPage(1);
  };

  return (
    <>
      <PageHeader
        title={t('pages.titles.userLogs')}
        actions={<ClearLogFilters value={filters} onClear={() => changeFilters(NO_LOG_FILTERS)} />}
      />
      <LogFilters value={filters} onChange={changeFilters} />
      <LogsTable
        page={logs.data}
        loading={logs.isPending}
        fetching={logs.isPlaceholderData}
        error={logs.isError}
        onRetry={() => void logs.refetch()}
        onPage={setPage}
      />
    </>
  );
}
