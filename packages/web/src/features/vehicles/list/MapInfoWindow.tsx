import { Anchor, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ROUTES } from '../../../app/routes';
import type { MapItem } from '../api/map-item';
import { NA, sinceServerTime } from './relative-time';

const orNA = (value: number | null, unit = '') =>
  value === null ? NA : `${Number.isInteger(value) ? value : value.toFixed(1)}${unit}`;

/** A vehicle's info window on the list map (§2): its charge, odometer, range and last reports. */
export function MapInfoWindow({ item }: { item: MapItem }) {
  const rows: [string, string][] = [
    ['Charge Status', item.charge_status === null ? NA : item.charge_status ? 'On' : 'Off'],
    ['Battery Charge', orNA(item.battery_charge, ' %')],
    ['Odometer', orNA(item.odometer, ' Mi')],
    ['Miles Remaining', orNA(item.milesToEmpty)],
    ['CAN Last Reported', sinceServerTime(item.can_last_reported, item.current_gmt_time)],
    ['GPS Last Reported', sinceServerTime(item.gps_last_reported, item.current_gmt_time)],
  ];
  return (
    <Stack gap={6} data-testid="map-info-window" data-vehicle-id={item.vehicle_id}>
      <Anchor component={Link} to={`${ROUTES.vehicle}/${item.vehicle_id}`} fw={700} data-testid="map-info-link">
        {item.vehicle_name}
      </Anchor>
      <Text size="xs" c="dimmed">
        VIN {item.src_ip}
      </Text>
      <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing={4} fz="sm">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Td c="dimmed">{label}</Table.Td>
              <Table.Td fw={600} data-testid={`info-${label.toLowerCase().replace(/ /g, '-')}`}>
                {value}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
