import { Table } from '@mantine/core';

/** A column's heading; figures are headed at the right, over their column. */
type HeaderCell = string | { label: string; align: 'right' };

/** The heading row of a plain table, one cell a column. */
export function TableHeader({ columns }: { columns: readonly HeaderCell[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((column) =>
          typeof column === 'string' ? (
            <Table.Th key={column}>{column}</Table.Th>
          ) : (
            <Table.Th key={column.label} ta={column.align}>
              {column.label}
            </Table.Th>
          ),
        )}
      </Table.Tr>
    </Table.Thead>
  );
}
