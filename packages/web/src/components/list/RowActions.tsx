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
}

function ActionButton({
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
export function RowActions({ id, name, edit, detail, remove, resetPassword }: RowActionsProps) {
  const { t } = useTranslation('components');
  return (
    <Group gap={4} wrap="nowrap" h="100%" align="center">
      {edit && (
        <ActionButton action={edit} label={t('row.edit', { name })} testId={`edit-${id}`}>
          <EditIcon />
        </ActionButton>
      )}
      {detail && (
        <ActionButton action={detail} label={t('row.open', { name })} testId={`detail-${id}`}>
          <EyeIcon />
        </ActionButton>
      )}
      {resetPassword && (
        <ActionButton
          action={resetPassword}
          label={t('row.resetPassword', { name })}
          testId={`reset-${id}`}
          color="orange"
        >
          <KeyIcon />
        </ActionButton>
      )}
      {remove && (
        <ActionButton action={remove} label={t('row.delete', { name })} testId={`delete-${id}`} color="red">
          <TrashIcon />
        </ActionButton>
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
