import type { ColDef } from 'ag-grid-community';
import { actionColumn, RowActions, type RowActionsProps } from './RowActions';

/** The actions of one row: which buttons it shows and what each does. */
type RowActionSet = Omit<RowActionsProps, 'id' | 'name'>;

/** The Action column of a list of named records, each row with the actions `actionsOf` gives it. */
export function rowActionsColumn<T extends { id: number; name: string }>(
  actionsOf: (row: T) => RowActionSet,
): ColDef<T> {
  return {
    ...actionColumn,
    cellRenderer: ({ data }: { data?: T }) => data && <RowActions id={data.id} name={data.name} {...actionsOf(data)} />,
  };
}

/**
 * The edit, detail and delete actions of a record whose pages have their own URLs below {base};
 * edit and delete only for those who may change it.
 */
export function routedActions(base: string, id: number, write: boolean): RowActionSet {
  return {
    edit: write ? { to: `${base}/${id}/edit` } : undefined,
    detail: { to: `${base}/${id}` },
    remove: write ? { to: `${base}/${id}/delete` } : undefined,
  };
}
