import { Card, Stack, Text } from '@mantine/core';
import { lazy } from 'react';
import { useController, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { firstErrorMessage } from '../../components/first-error-message';
import { MapView, ZoneLayer, type LatLng } from '../../components/map/MapView';
import { useDomainText } from '../../i18n/useDomainText';
import type { ZoneFormValues } from './zone-form';

// Geoman loads with the editor's map only, never with the list or any other page.
const ZoneShapeEditor = lazy(() => import('./ZoneShapeEditor'));

/** Where a new zone's map looks first: the middle of the US, as the vehicle maps do. */
const START: { center: LatLng; zoom: number } = { center: [39.8283, -98.5795], zoom: 4 };
const MAP_HEIGHT = 560;

interface ZoneMapCardProps {
  control: Control<ZoneFormValues, unknown, unknown>;
  /** The zone's id, for the outline of a zone the user only reads; undefined for a new one. */
  zoneId: number | undefined;
  name: string;
  readOnly: boolean;
}

/** The zone's shape on the map: drawn and edited there, or outlined for a user who only reads it. */
export function ZoneMapCard({ control, zoneId, name, readOnly }: ZoneMapCardProps) {
  const { t } = useTranslation('zones');
  const domainText = useDomainText();
  const { field, fieldState } = useController({ control, name: 'geometry' });
  const kind = useWatch({ control, name: 'kind' });
  const error = firstErrorMessage(fieldState.error);

  return (
    <Card withBorder radius="md" padding="sm" data-field-error={error ? true : undefined}>
      <Stack gap="xs">
        {!readOnly && (
          <Text size="sm" c="dimmed">
            {t('map.hint')}
          </Text>
        )}
        <MapView center={START.center} zoom={START.zoom} height={MAP_HEIGHT} testId="zone-map">
          {readOnly ? (
            field.value && <ZoneLayer zones={[{ id: zoneId ?? 0, name, kind, geometry: field.value }]} fit />
          ) : (
            <ZoneShapeEditor initial={field.value} kind={kind} onChange={field.onChange} />
          )}
        </MapView>
        {error && (
          <Text size="sm" c="red" data-testid="zone-geometry-error">
            {t('map.error', { message: domainText(error) })}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
