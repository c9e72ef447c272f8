import { Text } from '@mantine/core';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../lib/format-number';
import { currentLanguage } from '../lib/i18n';
import classes from './bar-chart.module.css';

export interface Bar {
  key: string;
  label: string;
  value: number;
}

interface BarChartProps {
  /** Accessible name of the chart (its figures are appended for screen readers). */
  label: string;
  bars: readonly Bar[];
  color?: string;
}

/**
 * A horizontal bar chart drawn with CSS: bars grow from the start edge, so they mirror in RTL; the
 * numbers stay visible; screen readers get one sentence with every figure (role="img").
 */
export function BarChart({ label, bars, color }: BarChartProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const max = Math.max(1, ...bars.map((b) => b.value));
  const summary = `${label}: ${bars.map((b) => `${b.label} ${formatNumber(b.value, language)}`).join(', ')}`;
  if (!bars.length) {
    return (
      <Text fz="sm" c="dimmed">
        {t('common.noRecords')}
      </Text>
    );
  }
  return (
    <div role="img" aria-label={summary} data-testid="bar-chart">
      {/* A row is about 24 px tall with the gap (measured at 375 px): the room the chart takes below
          the screen until it is drawn (bar-chart.module.css). */}
      <ul
        className={classes.chart}
        aria-hidden
        style={{ '--chart-estimate': `${bars.length * 24}px` } as CSSProperties}
      >
        {bars.map((bar) => (
          <li key={bar.key} className={classes.row}>
            <span className={classes.label} title={bar.label}>
              {bar.label}
            </span>
            <span className={classes.track}>
              <span
                className={classes.bar}
                style={{
                  width: `${(bar.value / max) * 85}%`,
                  background: color ? `var(--mantine-color-${color}-filled)` : undefined,
                }}
              />
              <span className={classes.value}>{formatNumber(bar.value, language)}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
