import '@mantine/charts/styles.css';
import { Sparkline } from '@mantine/charts';
import { Text } from '@mantine/core';

/** Tall enough to show a shape, small enough to leave the figure the card's main line. */
const HEIGHT = 32;

/**
 * A card's figure day by day over the trend's days (oldest first): the shape of the month at a
 * glance, under the total it adds up to; `label` says which days, under it and to screen readers.
 */
export function TrendLine({ values, label, testId }: { values: readonly number[]; label: string; testId: string }) {
  return (
    <div data-testid={testId} data-values={values.join(',')}>
      <Sparkline
        role="img"
        aria-label={label}
        h={HEIGHT}
        w="100%"
        data={[...values]}
        curveType="monotone"
        color="blue.6"
        fillOpacity={0.25}
        strokeWidth={1.5}
      />
      <Text size="xs" c="dimmed" aria-hidden>
        {label}
      </Text>
    </div>
  );
}
