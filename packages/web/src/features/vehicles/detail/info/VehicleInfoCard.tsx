import { ActionIcon, Alert, Card, Group, SimpleGrid, Stack, Title, Tooltip } from '@mantine/core';
import { PREFERENCES, type Vehicle } from '@evfleet/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../../components/format/useFormat';
import { usePreference, useSavePreference } from '../../../../api/preferences';
import { useLiveReadings, useRefreshLive } from '../api/vehicle-detail-api';
import { RefreshIcon } from './info-icons';
import { SignalCards } from './SignalCards';
import { Tile } from './Tile';
import { TILES } from './tiles';
import { TileVisibility } from './TileVisibility';

/**
 * 'Vehicle Information' (part 2 §2, §4): the chosen tiles of the vehicle's latest readings, pulse
 * placeholders while they load (first time and on refresh), re-polled every 40 s and on the live feed.
 */
export function VehicleInfoCard({ vehicle }: { vehicle: Vehicle }) {
  const { t } = useTranslation('vehicles');
  const format = useFormat();
  const { can, cells } = useLiveReadings(vehicle.id, vehicle.vin);
  const refresh = useRefreshLive(vehicle.id);
  const [refreshing, setRefreshing] = useState(false);
  // Until the stored choice arrives the defaults of §2 show.
  const shown = usePreference('vehicleDetailTiles').data ?? PREFERENCES.vehicleDetailTiles.default;
  const save = useSavePreference('vehicleDetailTiles');

  const onRefresh = async () => {
    setRefreshing(true);
    await refresh().finally(() => setRefreshing(false));
  };
  const loading = can.isPending || refreshing;
  const visible = TILES.filter((tile) => shown[tile.key]);
  const renderTile = (tile: (typeof TILES)[number]) => (
    <Tile
      key={tile.key}
      label={t(`tile.${tile.key}`)}
      loading={loading || (tile.key === 'packVoltage' && cells.isPending)}
      testId={`tile-${tile.key}`}
    >
      {can.data && (tile.render({ can: can.data, cells: cells.data, t, format }) ?? t('na'))}
    </Tile>
  );

  return (
    <Card withBorder radius="md" padding="md" data-testid="vehicle-info">
      <Group justify="space-between" mb="sm">
        <Title order={4}>{t('info.title')}</Title>
        <Group gap={4}>
          <Tooltip label={t('info.refresh')}>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('info.refresh')}
              onClick={onRefresh}
              loading={refreshing}
              data-testid="refresh-vehicle-info"
            >
              <RefreshIcon />
            </ActionIcon>
          </Tooltip>
          <TileVisibility tiles={shown} onChange={(tiles) => save.mutate(tiles)} />
        </Group>
      </Group>
      {can.isError ? (
        <Alert color="red" data-testid="vehicle-info-error">
          {t('info.failed')}
        </Alert>
      ) : (
        <Stack gap="sm">
          {visible.filter((tile) => tile.wide).map(renderTile)}
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
            {visible.filter((tile) => !tile.wide).map(renderTile)}
          </SimpleGrid>
          <SignalCards gps={vehicle.gpsSignal} lte={vehicle.lteSignal} />
        </Stack>
      )}
    </Card>
  );
}
