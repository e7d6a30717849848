import { Anchor, Card, Center, Loader, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSavedTemplates } from './api/can-report-api';
import { useFormat } from '../../components/format/useFormat';
import { TableHeader } from '../../components/TableHeader';
import { pickerText, templateInstant } from './report-format';
import { templateLink } from './template-link';

/** The caller's saved templates on the report page; choosing one opens /report/template (§2, §4). */
export function SavedTemplates() {
  const { t } = useTranslation('report');
  const templates = useSavedTemplates();
  const format = useFormat();
  return (
    <Card withBorder padding="lg">
      <Title order={4} mb="sm">
        {t('saved.title')}
      </Title>
      {templates.isPending && (
        <Center py="sm">
          <Loader size="sm" />
        </Center>
      )}
      {templates.data?.length === 0 && (
        <Text c="dimmed" size="sm" data-testid="no-templates">
          {t('saved.none')}
        </Text>
      )}
      {templates.data && templates.data.length > 0 && (
        <Table striped highlightOnHover data-testid="saved-templates">
          <TableHeader
            columns={[t('saved.name'), t('criteria.startDate'), t('criteria.endDate'), t('criteria.signals')]}
          />
          <Table.Tbody>
            {templates.data.map((template) => (
              <Table.Tr key={template.id}>
                <Table.Td>
                  <Anchor component={Link} to={templateLink(template.id)}>
                    {template.templateName}
                  </Anchor>
                </Table.Td>
                <Table.Td>{pickerText(templateInstant(template.startDate), format)}</Table.Td>
                <Table.Td>{pickerText(templateInstant(template.endDate), format)}</Table.Td>
                <Table.Td>{template.columns.length}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
