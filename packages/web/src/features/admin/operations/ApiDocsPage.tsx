import { Accordion, Badge, Code, Group, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TableHeader } from '../../../components/TableHeader';
import { useApiDocs, type OpenApiDocument, type OpenApiOperation } from '../api/management-api';
import { FilterInput } from './FilterInput';
import { QueryState } from './QueryState';

const METHOD_COLOURS: Record<string, string> = {
  get: 'blue',
  post: 'green',
  put: 'orange',
  patch: 'yellow',
  delete: 'red',
};

interface Operation {
  method: string;
  path: string;
  operation: OpenApiOperation;
}

function operationsOf(doc: OpenApiDocument): Operation[] {
  return Object.entries(doc.paths)
    .flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ method, path, operation })))
    .sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

function OperationDetail({ operation }: { operation: OpenApiOperation }) {
  const { t } = useTranslation('admin');
  const body = operation.requestBody?.content?.['application/json']?.schema;
  return (
    <Stack gap="xs">
      {operation.parameters?.length ? (
        <Table withTableBorder>
          <TableHeader columns={[t('docs.parameter'), t('docs.in'), t('docs.required'), t('docs.schema')]} />
          <Table.Tbody>
            {operation.parameters.map((p) => (
              <Table.Tr key={`${p.in}-${p.name}`}>
                <Table.Td>{p.name}</Table.Td>
                <Table.Td>{p.in}</Table.Td>
                <Table.Td>{t(p.required ? 'docs.yes' : 'docs.no')}</Table.Td>
                <Table.Td>
                  <Code>{JSON.stringify(p.schema ?? {})}</Code>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Text size="sm" c="dimmed">
          {t('docs.noParameters')}
        </Text>
      )}
      {body !== undefined && (
        <>
          <Text fw={600} size="sm">
            {t('docs.requestBody')}
          </Text>
          <ScrollArea.Autosize mah={320}>
            <Code block>{json(body)}</Code>
          </ScrollArea.Autosize>
        </>
      )}
      {Object.entries(operation.responses ?? {}).map(([status, response]) => (
        <div key={status}>
          <Text fw={600} size="sm">
            {t('docs.response', { status })}
          </Text>
          {response.content?.['application/json']?.schema !== undefined && (
            <ScrollArea.Autosize mah={320}>
              <Code block>{json(response.content['application/json'].schema)}</Code>
            </ScrollArea.Autosize>
          )}
        </div>
      ))}
    </Stack>
  );
}

/** /admin/docs: the OpenAPI document the server builds from its route schemas, read here offline. */
export function ApiDocsPage() {
  const { t } = useTranslation('admin');
  const docs = useApiDocs();
  const [filter, setFilter] = useState('');
  const operations = useMemo(() => (docs.data ? operationsOf(docs.data) : []), [docs.data]);
  const shown = operations.filter((o) => `${o.method} ${o.path}`.toLowerCase().includes(filter.toLowerCase()));
  return (
    <Stack p="md">
      <Group justify="space-between">
        <Title order={2}>{t('section.docs')}</Title>
        {docs.data && (
          <Text size="sm" c="dimmed">
            {t('docs.summary', {
              title: docs.data.info.title,
              version: docs.data.info.version,
              count: operations.length,
            })}
          </Text>
        )}
      </Group>
      <FilterInput value={filter} onChange={setFilter} placeholder={t('docs.placeholder')} />
      <QueryState query={docs}>
        {() => (
          <Accordion variant="separated" data-testid="api-operations">
            {shown.map(({ method, path, operation }) => (
              <Accordion.Item key={`${method} ${path}`} value={`${method} ${path}`}>
                <Accordion.Control>
                  <Group gap="sm">
                    <Badge color={METHOD_COLOURS[method] ?? 'gray'} w={70}>
                      {method.toUpperCase()}
                    </Badge>
                    <Text ff="monospace" size="sm">
                      {path}
                    </Text>
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  <OperationDetail operation={operation} />
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        )}
      </QueryState>
    </Stack>
  );
}
