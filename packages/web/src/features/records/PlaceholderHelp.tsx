import { ALERT_PLACEHOLDERS } from '@evfleet/domain';
import { Code, Paper, Table, Text } from '@mantine/core';

/** What an email template may say between braces (domain's list, also what the server checks on save). */
export function PlaceholderHelp() {
  return (
    <Paper withBorder p="sm" data-testid="placeholder-help">
      <Text size="sm" fw={600} mb={4}>
        Placeholders
      </Text>
      <Text size="xs" c="dimmed" mb="xs">
        Alert mails replace these with the alert's facts; any other name between braces is refused when saved.
      </Text>
      <Table withRowBorders={false} verticalSpacing={2} fz="sm">
        <Table.Tbody>
          {Object.entries(ALERT_PLACEHOLDERS).map(([name, meaning]) => (
            <Table.Tr key={name}>
              <Table.Td w={140}>
                <Code>{`{${name}}`}</Code>
              </Table.Td>
              <Table.Td>{meaning}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
