import { Card, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import {
  type Icon,
  IconArchive,
  IconCircleCheck,
  IconCircleX,
  IconFilePlus,
  IconFolder,
  IconListCheck,
} from '@tabler/icons-react';
import { type Action, can } from '@tna/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import classes from './assessment-tiles.module.css';

interface Tile {
  key: string;
  path: string;
  action: Action;
  icon: Icon;
  color: string;
}

/** SPEC 6 tiles and the roles that see them (the permission table in the domain). */
export const TILES: readonly Tile[] = [
  { key: 'new', path: '/tna/create', action: 'tna.create', icon: IconFilePlus, color: 'blue' },
  { key: 'myForms', path: '/tna/my-forms', action: 'tna.myforms', icon: IconFolder, color: 'cyan' },
  { key: 'validate', path: '/tna/validate', action: 'tna.list.new', icon: IconListCheck, color: 'yellow' },
  { key: 'approved', path: '/tna/cleared', action: 'tna.list.approved', icon: IconCircleCheck, color: 'green' },
  { key: 'rejected', path: '/tna/rejected', action: 'tna.list.rejected', icon: IconCircleX, color: 'red' },
  { key: 'archived', path: '/tna/archived', action: 'tna.list.archived', icon: IconArchive, color: 'gray' },
];

export function AssessmentTiles({ roles }: { roles: readonly string[] }) {
  const { t } = useTranslation();
  const tiles = TILES.filter((tile) => can(roles, tile.action));
  if (!tiles.length) return <Text c="dimmed">{t('tna.home.empty')}</Text>;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
      {tiles.map(({ key, path, icon: TileIcon, color }) => (
        <Card key={key} component={Link} to={path} withBorder shadow="xs" padding="lg" className={classes.tile}>
          <Group wrap="nowrap" gap="md">
            <ThemeIcon size={48} radius="md" color={color} variant="light">
              <TileIcon size={28} stroke={1.6} aria-hidden />
            </ThemeIcon>
            <div>
              <Text fw={700} fz="lg">
                {t(`tna.tiles.${key}.title`)}
              </Text>
              <Text c="dimmed" fz="sm">
                {t(`tna.tiles.${key}.description`)}
              </Text>
            </div>
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}
