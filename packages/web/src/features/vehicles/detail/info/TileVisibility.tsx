import { ActionIcon, Checkbox, Popover, Stack, Text, Tooltip } from '@mantine/core';
import { DETAIL_TILES, type DetailTiles } from '@evfleet/domain';
import { useTranslation } from 'react-i18next';
import { GearIcon } from './info-icons';

interface TileVisibilityProps {
  tiles: DetailTiles;
  onChange: (tiles: DetailTiles) => void;
}

/** The settings icon of 'Vehicle Information': 'Show/Hide Tiles', one check per tile (§2). */
export function TileVisibility({ tiles, onChange }: TileVisibilityProps) {
  const { t } = useTranslation('vehicles');
  return (
    <Popover position="bottom-end" shadow="md" withArrow>
      <Popover.Target>
        <Tooltip label={t('info.tiles')}>
          <ActionIcon variant="subtle" color="gray" aria-label={t('info.tiles')} data-testid="tile-settings">
            <GearIcon />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown data-testid="tile-visibility">
        <Text fw={600} size="sm" mb="xs">
          {t('info.tiles')}
        </Text>
        <Stack gap={6}>
          {DETAIL_TILES.map((tile) => (
            <Checkbox
              key={tile.key}
              label={t(`tile.${tile.key}`)}
              checked={tiles[tile.key]}
              onChange={(event) => onChange({ ...tiles, [tile.key]: event.currentTarget.checked })}
              data-testid={`tile-toggle-${tile.key}`}
            />
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
