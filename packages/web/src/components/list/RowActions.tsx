import { ActionIcon, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EditIcon, EyeIcon, KeyIcon, TrashIcon } from '../icons';

/** A row action either opens a route (edit, detail and delete dialogs with their own URL) or acts here. */
export type RowAction = { to: string } | { onClick: () => void };

export interface RowActionsProps {
  id: number;
  /** Who the row is: named in each button's accessible label. */
  name: string;
  edit?: RowAction;
  detail?: RowAction;
  remove?: RowAction;
  resetPassword?: RowAction;
  /** The list's own actions (RowActionButton), shown before delete. */
  children?: ReactNode;
}

/** One icon button of a row, for the actions a list adds to the usual ones. */
export function RowActionButton({
  action,
  label,
  testId,
  color,
  children,
}: {
  action: RowAction;
  label: string;
  testId: string;
  color?: string;
  children: ReactNode;
}) {
  const common = { variant: 'subtle', color, 'aria-label': label, title: label, 'data-testid': testId } as const;
  return 'to' in action ? (
    <ActionIcon component={Link} to={action.to} {...common}>
      {children}
    </ActionIcon>
  ) : (
    <ActionIcon onClick={action.onClick} {...common}>
      {children}
    </ActionIcon>
  );
}

/** The Action column of the list grids: edit, detail, delete and reset-password (key) icons. */
export function RowActions({ id, name, edit, detail, remove, resetPassword, children }: RowActionsProps) {
  const { t } = useTranslation('components');
  return (
    <Group gap={4} wrap="nowrap" h="100%" align="center">
      {edit && (
        <RowActionButton action={edit} label={t('row.edit', { name })} testId={`edit-${id}`}>
          <EditIcon />
        </RowActionButton>
      )}
      {detail && (
        <RowActionButton action={detail} label={t('row.open', { name })} testId={`detail-${id}`}>
          <EyeIcon />
        </RowActionButton>
      )}
      {resetPassword && (
        <RowActionButton
          action={resetPassword}
          label={t('row.resetPassword', { name })}
          testId={`reset-${id}`}
          color="orange"
        >
          <KeyIcon />
        </RowActionButton>
      )}
      {children}
      {remove && (
        <RowActionButton action={remove} label={t('row.delete', { name })} testId={`delete-${id}`} color="red">
          <TrashIcon />
        </RowActionButton>
      )}
    </Group>
  );
}

/** What the signed-in user may do to a row; actions they may not take are not offered. */
export interface RowPermissions {
  write: boolean;
  resetPassword: boolean;
}

/** The Action column's id: the grid names it in the current language. */
export const ACTION_COLUMN_ID = 'actions';

/** The Action column definition shared by the grids (not sortable, wide enough for four icons). */
export const actionColumn = {
  colId: ACTION_COLUMN_ID,
  headerName: 'Action',
  sortable: false,
  minWidth: 150,
  maxWidth: 170,
  // The row's way in: always shown, always last, and in view while wide lists scroll sideways
  // (beside the last column, never over it; on a phone nothing is pinned).
  lockVisible: true,
  lockPosition: 'right',
  pinned: 'right',
  suppressMovable: true,
} as const;
