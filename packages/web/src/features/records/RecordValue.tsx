import type { AnyRecordField, RecordVehicleRef } from '@evfleet/domain';
import { Anchor, Badge, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ROUTES } from '../../app/routes';

/** §9: list dates DD/MM/YY HH:mm; the detail page shows the whole moment. */
const DATE_FORMAT = { list: 'DD/MM/YY HH:mm', detail: 'DD/MM/YYYY HH:mm:ss' } as const;

const BAND_COLORS: Record<string, string> = { SEVERE: 'red', WARNING: 'orange', GOOD: 'green' };

const VehicleLink = ({ vehicle }: { vehicle: RecordVehicleRef }) => (
  <Anchor
    component={Link}
    to={`${ROUTES.vehicle}/${vehicle.id}`}
    fz="inherit"
    data-testid={`vehicle-link-${vehicle.id}`}
  >
    {vehicle.name}
  </Anchor>
);

/** One field's value as the list and the detail page show it; null for nothing to show. */
export function recordValue(field: AnyRecordField, value: unknown, where: 'list' | 'detail'): ReactNode {
  if (value === null || value === undefined || value === '') return null;
  switch (field.kind) {
    case 'boolean':
      return value ? 'Yes' : 'No';
    case 'dateTime':
      return dayjs(String(value)).format(DATE_FORMAT[where]);
    case 'enum':
      return (
        <Badge color={BAND_COLORS[String(value)] ?? 'gray'} variant="light" tt="none">
          {field.optionLabels?.[String(value)] ?? String(value)}
        </Badge>
      );
    case 'vehicle':
      return <VehicleLink vehicle={value as RecordVehicleRef} />;
    case 'vehicles': {
      const vehicles = value as RecordVehicleRef[];
      if (vehicles.length === 0) return null;
      return vehicles.map((vehicle, index) => (
        <Fragment key={vehicle.id}>
          {index > 0 && ', '}
          <VehicleLink vehicle={vehicle} />
        </Fragment>
      ));
    }
    case 'textList':
      return (value as string[]).join(', ') || null;
    case 'longText':
      return where === 'detail' ? <Text style={{ whiteSpace: 'pre-wrap' }}>{String(value)}</Text> : String(value);
    default:
      return field.optionLabels?.[String(value)] ?? String(value);
  }
}
