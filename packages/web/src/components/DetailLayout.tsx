import { Alert, Button, Center, Group, Loader, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { DetailFields, type DetailField } from './DetailFields';

interface DetailLayoutProps<T> {
  title: string;
  /** The record's query: a loader while pending, an alert when it failed, the fields once read. */
  query: { isPending: boolean; isError: boolean; data: T | undefined };
  loadFailed: string;
  fields: (record: T) => DetailField[];
  backLabel: string;
  onBack: () => void;
  editLabel: string;
  /** Absent: no Edit button (the user may not write, or there is nothing to edit yet). */
  onEdit?: () => void;
  /** What opens from the page, such as its edit modal. */
  children?: ReactNode;
}

/** A small detail page: title, the record's fields, Back and Edit. */
export function DetailLayout<T>({
  title,
  query,
  loadFailed,
  fields,
  backLabel,
  onBack,
  editLabel,
  onEdit,
  children,
}: DetailLayoutProps<T>) {
  return (
    <Stack gap="md" p="md">
      <Title order={2} data-testid="detail-title">
        {title}
      </Title>
      {query.isPending && (
        <Center py="md">
          <Loader size="sm" />
        </Center>
      )}
      {query.isError && <Alert color="red">{loadFailed}</Alert>}
      {query.data && <DetailFields fields={fields(query.data)} />}
      <Group>
        <Button variant="default" onClick={onBack} data-testid="back">
          {backLabel}
        </Button>
        {onEdit && (
          <Button onClick={onEdit} data-testid="detail-edit">
            {editLabel}
          </Button>
        )}
      </Group>
      {children}
    </Stack>
  );
}
