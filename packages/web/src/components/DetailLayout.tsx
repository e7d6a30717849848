import { Button, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { DetailFields, type DetailField } from './DetailFields';
import type { RowAction } from './list/RowActions';
import { QueryStatus } from './QueryStatus';

interface DetailLayoutProps<T> {
  title: string;
  /** The record's query: a loader while pending, an alert when it failed, the fields once read. */
  query: { isPending: boolean; isError: boolean; data: T | undefined };
  loadFailed: string;
  fields: (record: T) => DetailField[];
  backLabel: string;
  /** The list Back returns to. */
  backTo: string;
  editLabel: string;
  /** Where Edit goes or what it opens; absent: no Edit button (the user may not write, or there is nothing to edit yet). */
  edit?: RowAction;
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
  backTo,
  editLabel,
  edit,
  children,
}: DetailLayoutProps<T>) {
  const navigate = useNavigate();
  return (
    <Stack gap="md" p="md">
      <Title order={2} data-testid="detail-title">
        {title}
      </Title>
      <QueryStatus query={query} failed={loadFailed} />
      {query.data && <DetailFields fields={fields(query.data)} />}
      <Group>
        <Button variant="default" onClick={() => navigate(backTo)} data-testid="back">
          {backLabel}
        </Button>
        {edit && (
          <Button onClick={'to' in edit ? () => navigate(edit.to) : edit.onClick} data-testid="detail-edit">
            {editLabel}
          </Button>
        )}
      </Group>
      {children}
    </Stack>
  );
}
