import { Anchor, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '../../../routing/routes';
import type { MapItem } from '../api/map-item';
import { useFormat } from '../../../components/format/useFormat';

/** A vehicle's info window on the list map (§2): its charge, odometer, range and last reports. */
export function MapInfoWindow({ item }: { item: MapItem }) {
  const { t } = useTranslation('vehicles');
  const format = useFormat();
  // Against the server's clock (its GMT time, sent with the data): a browser with a wrong clock still reads right (§2).
  const since = (iso: string | null) => (iso ? format.relative(iso, Date.parse(item.current_gmt_time)) : null);
  const charge = item.charge_status === null ? null : t(item.charge_status ? 'on' : 'off');
  // The test id stays the English label's, whatever the language.
  const rows = [
    ['charge-status', t('map.chargeStatus'), charge],
    ['battery-charge', t('map.batteryCharge'), format.reading(item.battery_charge, '%')],
    ['odometer', t('map.odometer'), format.reading(item.odometer, 'Mi')],
    ['miles-remaining', t('map.milesRemaining'), format.reading(item.milesToEmpty, '')],
    ['can-last-reported', t('map.canLastReported'), since(item.can_last_reported)],
    ['gps-last-reported', t('map.gpsLastReported'), since(item.gps_last_reported)],
  ] as const;
  return (
    <Stack gap={6} data-testid="map-info-window" data-vehicle-id={item.vehicle_id}>
      <Anchor component={Link} to={`${ROUTES.vehicle}/${item.vehicle_id}`} fw={700} data-testid="map-info-link">
        {item.vehicle_name}
      </Anchor>
      <Text size="xs" c="dimmed">
        {t('map.vin', { vin: item.src_ip })}
      </Text>
      <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing={4} fz="sm">
        <Table.Tbody>
          {rows.map(([id, label, value]) => (
            <Table.Tr key={id}>
              <Table.Td c="dimmed">{label}</Table.Td>
              <Table.Td fw={600} data-testid={`info-${id}`}>
                {value ?? t('na')}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
