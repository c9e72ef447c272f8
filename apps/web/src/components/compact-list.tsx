import { Anchor, List, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface CompactListProps {
  items: readonly string[];
  /** How many are shown before 'and N more'. */
  max?: number;
}

/** A short list in a table cell (a position's trainings): the first few, then 'and N more' to open the rest. */
export function CompactList({ items, max = 3 }: CompactListProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!items.length) {
    return (
      <Text fz="sm" c="dimmed">
        —
      </Text>
    );
  }
  const shown = open ? items : items.slice(0, max);
  const hidden = items.length - shown.length;
  return (
    <div>
      <List size="sm" spacing={2} listStyleType="disc" withPadding={false} ps="md">
        {shown.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: titles may repeat in other languages
          <List.Item key={index}>{item}</List.Item>
        ))}
      </List>
      {hidden > 0 || open ? (
        <Anchor component="button" type="button" fz="xs" onClick={() => setOpen(!open)}>
          {open ? t('common.showLess') : t('common.andMore', { count: hidden })}
        </Anchor>
      ) : null}
    </div>
  );
}
