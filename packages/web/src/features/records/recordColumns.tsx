import type { RecordFieldKind } from '@evfleet/domain';
import { ActionIcon, Group } from '@mantine/core';
import type { ColDef } from 'ag-grid-community';
import { Link } from 'react-router';
import { EditIcon, EyeIcon, TrashIcon } from '../../components/icons';
import { actionColumn } from '../../components/list/RowActions';
import type { RecordData, RecordDef } from './record-types';
import { recordValue, type ValueWriting } from './RecordValue';

interface RowLinks extends ValueWriting {
  /** The base of the record's routes, e.g. '/car' (detail {base}/{id}, edit, delete). */
  base: string;
  /** The list's query (filters, tab), carried along so going back restores the list. */
  search: string;
  canWrite: boolean;
}

/** The row's actions in order: the route each opens under the record's, its icon, whether it writes, its colour. */
const ROW_ACTIONS = [
  { action: 'view', route: '', Icon: EyeIcon, writes: false, color: undefined },
  { action: 'edit', route: '/edit', Icon: EditIcon, writes: true, color: undefined },
  { action: 'delete', route: '/delete', Icon: TrashIcon, writes: true, color: 'red' },
] as const;

function RecordActions({
  record,
  def,
  base,
  search,
  canWrite,
  t,
  domainText,
}: RowLinks & { record: RecordData; def: RecordDef }) {
  const to = `${base}/${encodeURIComponent(String(record.id))}`;
  const named = { entity: domainText(def.entity), id: String(record.id) };
  return (
    <Group gap={4} wrap="nowrap" h="100%" align="center">
      {ROW_ACTIONS.filter(({ writes }) => canWrite || !writes).map(({ action, route, Icon, color }) => (
        <ActionIcon
          key={action}
          component={Link}
          to={`${to}${route}${search}`}
          variant="subtle"
          color={color}
          aria-label={t(`row.${action}`, named)}
          title={t(`action.${action}`)}
          data-testid={`${action}-${record.id}`}
        >
          <Icon />
        </ActionIcon>
      ))}
    </Group>
  );
}

/** A whole-number id is narrow; a reading's '{vehicleId}-{epoch ms}' needs room to be read whole. */
const idWidth = (def: RecordDef) =>
  def.id.safeParse(1).success ? { minWidth: 70, maxWidth: 110 } : { minWidth: 150, maxWidth: 220 };

/**
 * Width limits by kind: the grid sizes each column to its content within them, so a long text
 * stops at a readable width (its whole text is in the tooltip) and a date keeps its whole value.
 */
const columnWidth = (kind: RecordFieldKind) =>
  kind === 'longText' ? { minWidth: 200, maxWidth: 420 } : kind === 'dateTime' ? { minWidth: 140 } : { minWidth: 100 };

/** ID, the description's columns in order, then View, Edit and Delete (§2 "Generic record screens"). */
export function recordColumns(def: RecordDef, links: RowLinks): ColDef<RecordData>[] {
  const sortable = new Set<string>(def.sortable);
  const fieldColumns = def.columns.map((name): ColDef<RecordData> => ({
    colId: name,
    headerName: links.domainText(def.fields[name].label),
    sortable: sortable.has(name),
    ...columnWidth(def.fields[name].kind),
    wrapHeaderText: true,
    autoHeaderHeight: true,
    initialSort: name === def.sortable[0] ? 'desc' : undefined,
    valueGetter: ({ data }) => data?.[name],
    cellRenderer: ({ data }: { data?: RecordData }) => data && recordValue(def.fields[name], data[name], 'list', links),
    ...(def.fields[name].kind === 'longText' && { tooltipValueGetter: ({ data }) => String(data?.[name] ?? '') }),
  }));
  return [
    {
      colId: 'id',
      headerName: links.t('record.id'),
      sortable: sortable.has('id'),
      initialSort: def.sortable[0] === 'id' ? 'desc' : undefined,
      valueGetter: ({ data }) => data?.id,
      ...idWidth(def),
    },
    ...fieldColumns,
    {
      ...actionColumn,
      minWidth: 130,
      maxWidth: 140,
      cellRenderer: ({ data }: { data?: RecordData }) => data && <RecordActions record={data} def={def} {...links} />,
    },
  ];
}
