import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useFormat } from '../../components/format/useFormat';
import { useDomainText } from '../../i18n/useDomainText';
import { useCan } from '../../session/useCan';
import { useRecord } from './api/records-api';
import { useListPath } from './list-return';
import type { RecordScreen } from './record-types';
import { RecordLoading } from './RecordLoading';
import { recordValue } from './RecordValue';

function Item({
  label,
  hint,
  testId,
  children,
}: {
  label: string;
  hint?: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Stack gap={2}>
      {/* The name alone; what the field means is there on hover, as the form shows it under the input. */}
      <Text size="sm" c="dimmed" fw={600} title={hint}>
        {label}
      </Text>
      <div data-testid={testId}>{children ?? <Text c="dimmed">—</Text>}</div>
    </Stack>
  );
}

/** {base}/{id}: every field of the record, Back to the list and, for writers, Edit. */
export function RecordDetailPage({ screen }: { screen: RecordScreen }) {
  const { t } = useTranslation('records');
  const domainText = useDomainText();
  const { def, base } = screen;
  const { id = '' } = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const listPath = useListPath(screen);
  const record = useRecord(def, id);
  const format = useFormat();
  const canWrite = useCan({ roles: def.writers });

  return (
    <Stack gap="md" p="md" maw={1100}>
      <Title order={2} data-testid="record-detail-title">
        {domainText(def.entity)} {id}
      </Title>
      {record.isPending && <RecordLoading />}
      {record.isError && <Alert color="red">{t('record.loadFailed', { entity: domainText(def.entity) })}</Alert>}
      {record.data && (
        <Paper withBorder p="md">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            <Item label={t('record.id')} testId="detail-id">
              {String(record.data.id)}
            </Item>
            {Object.entries(def.fields).map(([name, field]) => (
              <Item key={name} label={domainText(field.label)} hint={domainText(field.hint)} testId={`detail-${name}`}>
                {recordValue(field, record.data[name], 'detail', { format, t, domainText })}
              </Item>
            ))}
          </SimpleGrid>
        </Paper>
      )}
      <Group>
        <Button variant="default" onClick={() => navigate(listPath())} data-testid="back">
          {t('action.back')}
        </Button>
        {canWrite && record.data && (
          <Button component={Link} to={`${base}/${encodeURIComponent(id)}/edit${search}`} data-testid="edit">
            {t('action.edit')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
