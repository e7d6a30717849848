import type { AuditEvent } from '@evfleet/domain';
import { Code, Group, Stack, Table, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../components/format/useFormat';
import { PageSizeSelect } from '../../../components/list/PageSizeSelect';
import { Pager } from '../../../components/list/Pager';
import { usePaging } from '../../../components/list/usePaging';
import { useAudits } from '../api/management-api';

type SortField = 'timestamp' | 'principal' | 'type';
const AUDIT_PAGE_SIZES = [20, 50, 100] as const;
const localDate = (offsetDays: number) => new Date(Date.now() - offsetDays * 86_400_000).toISOString().slice(0, 10);

/** What the call did, in one line: the route and what it was given. */
function whatText(event: AuditEvent) {
  const data = event.data ?? {};
  const params = data.params && Object.keys(data.params).length ? ` ${JSON.stringify(data.params)}` : '';
  return `${String(data.method ?? '')} ${String(data.route ?? '')}${params} → ${String(data.status ?? '')}`;
}

function SortHeader({
  field,
  label,
  sort,
  onSort,
}: {
  field: SortField;
  label: string;
  sort: string;
  onSort: (next: string) => void;
}) {
  const [current, direction] = sort.split(',');
  const active = current === field;
  const next = active && direction === 'desc' ? 'asc' : 'desc';
  return (
    <Table.Th aria-sort={active ? (direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton fw={600} onClick={() => onSort(`${field},${next}`)}>
        {label} {active ? (direction === 'asc' ? '▲' : '▼') : ''}
      </UnstyledButton>
    </Table.Th>
  );
}

/** /admin/audits: who did what, when and from where, newest first, searchable by days and person. */
export function AuditsPage() {
  const { t } = useTranslation('admin');
  const paging = usePaging(AUDIT_PAGE_SIZES[0]);
  const format = useFormat();
  const [fromDate, setFromDate] = useState(localDate(30));
  const [toDate, setToDate] = useState(localDate(0));
  const [principal, setPrincipal] = useState('');
  const [who] = useDebouncedValue(principal.trim(), 300);
  const [sort, setSort] = useState('timestamp,desc');
  const audits = useAudits({
    page: paging.page,
    size: paging.size,
    sort,
    fromDate: fromDate || undefined,
    toDate: toDate || undefined,
    principal: who || undefined,
  });

  const filtered =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      paging.firstPage();
    };
  /** A filter box: a change filters from the first page. */
  const filterBox = (value: string, set: (v: string) => void) => ({
    value,
    onChange: (e: ChangeEvent<HTMLInputElement>) => filtered(set)(e.currentTarget.value),
  });

  return (
    <Stack p="md">
      <Title order={2}>{t('section.audits')}</Title>
      <Group align="end">
        <TextInput
          type="date"
          label={t('audits.from')}
          {...filterBox(fromDate, setFromDate)}
          data-testid="audits-from"
        />
        <TextInput type="date" label={t('audits.to')} {...filterBox(toDate, setToDate)} data-testid="audits-to" />
        <TextInput
          label={t('audits.user')}
          placeholder={t('audits.userPlaceholder')}
          {...filterBox(principal, setPrincipal)}
          data-testid="audits-principal"
        />
        <PageSizeSelect value={paging.size} onChange={paging.setSize} options={AUDIT_PAGE_SIZES} />
      </Group>
      <Table striped highlightOnHover data-testid="audits">
        <Table.Thead>
          <Table.Tr>
            <SortHeader field="timestamp" label={t('audits.date')} sort={sort} onSort={filtered(setSort)} />
            <SortHeader field="principal" label={t('audits.user')} sort={sort} onSort={filtered(setSort)} />
            <SortHeader field="type" label={t('audits.state')} sort={sort} onSort={filtered(setSort)} />
            <Table.Th>{t('audits.from')}</Table.Th>
            <Table.Th>{t('audits.extra')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {audits.data?.rows.map((event) => (
            <Table.Tr key={event.id}>
              <Table.Td>{format.dateTime(event.timestamp, { seconds: true })}</Table.Td>
              <Table.Td>{event.principal}</Table.Td>
              <Table.Td>{event.type}</Table.Td>
              <Table.Td>{event.remoteAddress ?? '-'}</Table.Td>
              <Table.Td>
                <Code title={JSON.stringify(event.data?.body ?? {}, null, 2)}>{whatText(event)}</Code>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {audits.data?.rows.length === 0 && <Text c="dimmed">{t('audits.empty')}</Text>}
      {audits.isPending && <Text c="dimmed">{t('loading')}</Text>}
      <Pager page={paging.page} size={paging.size} total={audits.data?.total ?? 0} onPageChange={paging.setPage} />
    </Stack>
  );
}
