import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface FiguresColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Figures line up on the right. */
  numeric?: boolean;
}

interface FiguresTableProps<T> {
  rows: readonly T[];
  columns: readonly FiguresColumn<T>[];
  /** Said instead of an empty table. */
  empty: string;
  testId: string;
}

const MAX_HEIGHT = 420;

/** A short read-only table of figures, scrolling within itself past a screenful. */
export function FiguresTable<T>({ rows, columns, empty, testId }: FiguresTableProps<T>) {
  if (rows.length === 0) {
    return (
      <Text c="dimmed" size="sm" py="md" ta="center" data-testid={`${testId}-empty`}>
        {empty}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={760} maxHeight={MAX_HEIGHT}>
      <Table striped highlightOnHover stickyHeader data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.header} ta={c.numeric ? 'right' : undefined}>
                {c.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, i) => (
            <Table.Tr key={i} data-testid={`${testId}-row`}>
              {columns.map((c) => (
                <Table.Td key={c.header} ta={c.numeric ? 'right' : undefined}>
                  {c.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
