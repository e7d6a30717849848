import type { ColDef } from 'ag-grid-community';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation, type FallbackNs } from 'react-i18next';
import { Outlet, useNavigate } from 'react-router';
import type { PagedListSource } from '../../api/entity-api';
import type { Action } from '../../session/permissions';
import { useCan } from '../../session/useCan';
import { ResetPasswordModal, type ResetTarget } from '../reset-password/ResetPasswordModal';
import { ListLayout } from './ListLayout';
import { usePagedList } from './paged-list';
import type { RowPermissions } from './RowActions';

/** The people screens whose form and delete dialog have their own URLs; their catalogues hold 'list.title' and 'list.empty'. */
type PeopleNamespace = 'dealers' | 'drivers';

/** What a people list builds its columns from: the reset-password action, what the user may do, the screen's texts. */
export interface PeopleColumnsArgs<T, N extends PeopleNamespace> {
  onResetPassword: (person: T) => void;
  can: RowPermissions;
  t: TFunction<FallbackNs<N>>;
}

interface PeopleListPageProps<T, N extends PeopleNamespace> {
  ns: N;
  source: PagedListSource;
  columns: (args: PeopleColumnsArgs<T, N>) => ColDef<T>[];
  /** Who may add, edit and delete; the others see the list without those actions. */
  writers: Action;
  /** The area's base: Add New opens {base}/new. */
  base: string;
  testId: string;
}

/**
 * {base}: a people list (dealers §2.7, drivers §2.4) with the reset-password dialog; {base}/new,
 * /:id/edit and /:id/delete open their dialogs over it (the Outlet).
 */
export function PeopleListPage<T extends ResetTarget & { id: number }, N extends PeopleNamespace>(
  props: PeopleListPageProps<T, N>,
) {
  const { ns, source, columns, writers, base, testId } = props;
  const { t } = useTranslation(ns);
  const navigate = useNavigate();
  const list = usePagedList<T>(source);
  const [resetting, setResetting] = useState<ResetTarget | null>(null);
  const write = useCan(writers);
  const resetPassword = useCan('passwords');
  const columnDefs = useMemo(
    () => columns({ onResetPassword: setResetting, can: { write, resetPassword }, t }),
    [columns, write, resetPassword, t],
  );

  return (
    <ListLayout
      title={t('list.title')}
      list={list}
      columns={columnDefs}
      onAdd={write ? () => navigate(`${base}/new`) : undefined}
      noRowsText={t('list.empty')}
      testId={testId}
    >
      <Outlet />
      <ResetPasswordModal target={resetting} onClose={() => setResetting(null)} />
    </ListLayout>
  );
}
