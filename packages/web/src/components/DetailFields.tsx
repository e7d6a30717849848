import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface DetailField {
  label: string;
  value: ReactNode;
  testId: string;
}

/** The label/value block at the top of a detail page. */
export function DetailFields({ fields }: { fields: DetailField[] }) {
  return (
    <Paper withBorder p="md">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {fields.map(({ label, value, testId }) => (
          <Stack key={label} gap={2}>
            <Text size="xs" c="dimmed" fw={600} tt="uppercase">
              {label}
            </Text>
            {/* An e-mail address or a generated name is one long word: it wraps rather than leaving the card. */}
            <Text data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
              {value === '' || value === null || value === undefined ? '—' : value}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
