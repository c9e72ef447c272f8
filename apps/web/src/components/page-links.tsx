import { Button, Group, Text, useDirection } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { ELLIPSIS_LABEL, NEXT_LABEL, type Page, type PageLink, PREVIOUS_LABEL } from '@tna/domain';
import { useTranslation } from 'react-i18next';
import { formatNumber, localDigits } from '../lib/digits';
import { currentLanguage } from '../lib/i18n';

/** The page number a server-supplied link points at (its query keeps the list's sort and filters). */
export function pageOfLink(url: string): number | null {
  try {
    const page = Number(new URL(url, 'http://localhost').searchParams.get('page') ?? '1');
    return Number.isInteger(page) && page > 0 ? page : null;
  } catch {
    return null;
  }
}

interface PageLinksProps {
  page: Pick<Page<unknown>, 'links' | 'from' | 'to' | 'total'>;
  onPage: (page: number) => void;
  /** Accessible name of the navigation ('Pages of the health facility list'). */
  label?: string;
}

/**
 * SPEC 9 page links from the server's `links`: '...' and a missing previous or next page are
 * disabled; the current page is marked. Previous and Next are translated and their arrows follow the
 * reading direction.
 */
export function PageLinks({ page, onPage, label }: PageLinksProps) {
  const { t } = useTranslation();
  const { dir } = useDirection();
  const language = currentLanguage();
  const Back = dir === 'rtl' ? IconChevronRight : IconChevronLeft;
  const Forward = dir === 'rtl' ? IconChevronLeft : IconChevronRight;

  const render = (link: PageLink, index: number) => {
    const target = link.url ? pageOfLink(link.url) : null;
    const disabled = target === null || link.label === ELLIPSIS_LABEL;
    const common = {
      size: 'compact-sm' as const,
      disabled,
      onClick: () => target !== null && !link.active && onPage(target),
    };
    if (link.label === PREVIOUS_LABEL) {
      return (
        <Button key="previous" variant="default" leftSection={<Back size={14} aria-hidden />} {...common}>
          {t('paging.previous')}
        </Button>
      );
    }
    if (link.label === NEXT_LABEL) {
      return (
        <Button key="next" variant="default" rightSection={<Forward size={14} aria-hidden />} {...common}>
          {t('paging.next')}
        </Button>
      );
    }
    if (link.label === ELLIPSIS_LABEL) {
      return (
        <Button key={`gap-${index}`} variant="subtle" color="gray" {...common} disabled aria-hidden>
          …
        </Button>
      );
    }
    return (
      <Button
        key={link.label}
        variant={link.active ? 'filled' : 'default'}
        aria-current={link.active ? 'page' : undefined}
        aria-label={t('paging.page', { page: localDigits(link.label, language) })}
        miw={32}
        {...common}
        disabled={disabled && !link.active}
      >
        {localDigits(link.label, language)}
      </Button>
    );
  };

  return (
    <Group justify="space-between" gap="sm" mt="sm" wrap="wrap">
      <Text fz="sm" c="dimmed" aria-live="polite">
        {page.total > 0
          ? t('paging.showing', {
              from: formatNumber(page.from ?? 0, language),
              to: formatNumber(page.to ?? 0, language),
              total: formatNumber(page.total, language),
            })
          : ''}
      </Text>
      {page.links.length > 3 || page.links.some((link) => link.url && !link.active) ? (
        <Group gap={4} component="nav" aria-label={label ?? t('paging.pages')} wrap="wrap">
          {page.links.map(render)}
        </Group>
      ) : null}
    </Group>
  );
}
