import { ActionIcon, Checkbox, Popover, Stack, Text, Tooltip } from '@mantine/core';
import { DETAIL_TILES, type DetailTiles } from '@evfleet/domain';
import { GearIcon } from './info-icons';

interface TileVisibilityProps {
  tiles: DetailTiles;
  onChange: (tiles: DetailTiles) => void;
}

/** The settings icon of 'Vehicle Information': 'Show/Hide Tiles', one check per tile (§2). */
export function TileVisibility({ tiles, onChange }: TileVisibilityProps) {
  return (
    <Popover position="bottom-end" shadow="md" withArrow>
      <Popover.Target>
        <Tooltip label="Show/Hide Tiles">
          <ActionIcon variant="subtle" color="gray" aria-label="Show/Hide Tiles" data-testid="tile-settings">
            <GearIcon />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown data-testid="tile-visibility">
        <Text fw={600} size="sm" mb="xs">
          Show/Hide Tiles
        </Text>
        <Stack gap={6}>
          {DETAIL_TILES.map((tile) => (
            <Checkbox
              key={tile.key}
              label={tile.label}
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
