import { ALERT_PLACEHOLDERS, type AlertPlaceholder } from '@evfleet/domain';
import { Code, Paper, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** What an email template may say between braces (domain's list, also what the server checks on save). */
export function PlaceholderHelp() {
  const { t } = useTranslation('records');
  return (
    <Paper withBorder p="sm" data-testid="placeholder-help">
      <Text size="sm" fw={600} mb={4}>
        {t('placeholders.title')}
      </Text>
      <Text size="xs" c="dimmed" mb="xs">
        {t('placeholders.intro')}
      </Text>
      <Table withRowBorders={false} verticalSpacing={2} fz="sm">
        <Table.Tbody>
          {(Object.keys(ALERT_PLACEHOLDERS) as AlertPlaceholder[]).map((name) => (
            <Table.Tr key={name}>
              <Table.Td w={140}>
                <Code>{`{${name}}`}</Code>
              </Table.Td>
              <Table.Td>{t(`placeholder.${name}`)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
