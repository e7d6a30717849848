import type { AnyRecordField, RecordVehicleRef } from '@evfleet/domain';
import { Anchor, Badge, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Format } from '../../components/format/format';
import type { useDomainText } from '../../i18n/useDomainText';
import { ROUTES } from '../../routing/routes';

/**
 * Filled badges whose text reads at 4.5:1 or more in either colour scheme: white on the darkest red
 * and teal, near-black on yellow (white on orange or green, even their darkest, stays under 4.5:1).
 */
export const BAND_BADGES: Record<string, { color: string; text: string }> = {
  SEVERE: { color: 'red.9', text: 'white' },
  WARNING: { color: 'yellow.4', text: 'dark.9' },
  GOOD: { color: 'teal.9', text: 'white' },
};
const OTHER_BADGE = { color: 'gray.8', text: 'white' };

/** What writing a value takes: the user's formats and words, the domain's words translated. */
export interface ValueWriting {
  format: Format;
  t: TFunction<'records'>;
  domainText: ReturnType<typeof useDomainText>;
}

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

/** One field's value as the list and the detail page show it (the detail's moments to the second); null for nothing to show. */
export function recordValue(
  field: AnyRecordField,
  value: unknown,
  where: 'list' | 'detail',
  { format, t, domainText }: ValueWriting,
): ReactNode {
  if (value === null || value === undefined || value === '') return null;
  const optionLabel = (option: string) => domainText(field.optionLabels?.[option] ?? option);
  switch (field.kind) {
    case 'boolean':
      return value ? t('value.yes') : t('value.no');
    case 'dateTime':
      // A list writes the specification's list date (DD/MM/YY HH:mm); a detail page the moment to the second.
      return format.dateTime(String(value), where === 'list' ? { list: true } : { seconds: true });
    case 'enum':
      return (
        <Badge
          color={(BAND_BADGES[String(value)] ?? OTHER_BADGE).color}
          c={(BAND_BADGES[String(value)] ?? OTHER_BADGE).text}
          variant="filled"
          tt="none"
        >
          {optionLabel(String(value))}
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
      return field.optionLabels ? optionLabel(String(value)) : String(value);
  }
}
