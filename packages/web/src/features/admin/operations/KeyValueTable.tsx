import { Code, Table } from '@mantine/core';

const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** Name and value rows, filtered by a text that may match either. */
export function KeyValueTable({
  entries,
  filter,
  testId,
}: {
  entries: [string, unknown][];
  filter: string;
  testId: string;
}) {
  const needle = filter.toLowerCase();
  return (
    <Table striped data-testid={testId}>
      <Table.Tbody>
        {entries
          .filter(
            ([key, value]) =>
              !needle || key.toLowerCase().includes(needle) || show(value).toLowerCase().includes(needle),
          )
          .map(([key, value]) => (
            <Table.Tr key={key}>
              <Table.Td w="35%" style={{ wordBreak: 'break-all' }}>
                {key}
              </Table.Td>
              <Table.Td style={{ wordBreak: 'break-all' }}>
                <Code>{show(value)}</Code>
              </Table.Td>
            </Table.Tr>
          ))}
      </Table.Tbody>
    </Table>
  );
}
