import { Paper, Skeleton, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface TileProps {
  label: string;
  /** Pulse placeholder instead of the value while the readings load (§4). */
  loading: boolean;
  testId: string;
  children: ReactNode;
}

/** One reading of the 'Vehicle Information' card: a caption over its value. */
export function Tile({ label, loading, testId, children }: TileProps) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid={testId} h="100%">
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" mb={4}>
        {label}
      </Text>
      {loading ? (
        <Skeleton height={22} radius="sm" data-testid={`${testId}-loading`} />
      ) : (
        <Text component="div" fw={700} size="lg" data-testid={`${testId}-value`}>
          {children}
        </Text>
      )}
    </Paper>
  );
}
