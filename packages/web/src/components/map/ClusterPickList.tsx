import { ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ClusterPoint } from './map-types';

/** Taller than this, the list scrolls inside its popup (a depot may hold dozens of vehicles). */
const LIST_MAX_HEIGHT = 240;

/**
 * The points of a cluster that stands at one place, by name: zooming cannot part them, so the
 * person picks one here, which opens its info window as clicking its marker would.
 */
export function ClusterPickList<T>({
  points,
  onPick,
}: {
  points: readonly ClusterPoint<T>[];
  onPick: (point: ClusterPoint<T>) => void;
}) {
  const { t } = useTranslation('components');
  const sorted = [...points].sort((a, b) => a.title.localeCompare(b.title));
  return (
    <div data-testid="cluster-pick-list">
      <Text size="xs" c="dimmed" mb={4}>
        {t('map.atThisPlace', { count: sorted.length })}
      </Text>
      <ScrollArea.Autosize mah={LIST_MAX_HEIGHT} type="auto">
        <Stack gap={2}>
          {sorted.map((point) => (
            <UnstyledButton
              key={point.id}
              onClick={(event) => {
                // React hears the click at the portal's node, before the map does: by the time the
                // click reached the map, the pick had opened the info window and the map's click
                // would close it again.
                event.stopPropagation();
                onPick(point);
              }}
              className="evf-pick-item"
              data-testid="cluster-pick-item"
              data-id={point.id}
            >
              {point.title}
            </UnstyledButton>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </div>
  );
}
