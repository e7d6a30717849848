import { Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The title bar of a list page: the list's title, and its controls (search, page size, buttons) on the right. */
export function ListHeader({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Group justify="space-between" wrap="wrap">
      <Title order={2} data-testid="list-title">
        {title}
      </Title>
      <Group gap="sm" wrap="wrap">
        {children}
      </Group>
    </Group>
  );
}
