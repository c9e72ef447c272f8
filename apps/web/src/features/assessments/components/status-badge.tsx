import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { STATUS_COLORS, statusLabel } from '../../../lib/labels';
import classes from './assessment-print.module.css';

/** An assessment's status as a coloured badge (NEW blue, APPROVED green, REJECTED red, ARCHIVED grey). */
export function StatusBadge({ status, size = 'sm' }: { status: string; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLORS[status] ?? 'gray'} variant="light" size={size} className={classes.keepColors}>
      {statusLabel(t, status)}
    </Badge>
  );
}
