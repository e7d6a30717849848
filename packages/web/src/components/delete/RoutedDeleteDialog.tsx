import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { NotFound } from '../../routing/StatusPages';
import { useIdParam } from '../../routing/useIdParam';
import { DeleteDialog } from '../list/DeleteDialog';
import { deleteThen } from './delete-then';

/** The screens whose catalogue holds the dialog's texts: 'toast.deleted', 'loadFailed' and 'delete.question'. */
type DeleteNamespace = 'dealers' | 'drivers' | 'fleets' | 'vehicles';

interface RecordQuery<T> {
  data?: T;
  isPending: boolean;
  isError: boolean;
}

interface DeleteCall<V> {
  mutateAsync: (variables: V) => Promise<unknown>;
  isPending: boolean;
}

interface RoutedDeleteDialogProps<T extends { name: string }, V> {
  ns: DeleteNamespace;
  /** The list the dialog returns to, deleted or not. */
  listRoute: string;
  /** The record of the route's id: its name and its delete guards. */
  useRecord: (id: number | null) => RecordQuery<T>;
  useRemove: () => DeleteCall<V>;
  /** What the delete call is given for the record. */
  request: (id: number, record: T | undefined) => V;
  /** A refusal of the delete guards (§4, §8), shown instead of the question. */
  blocked?: (record: T) => string | readonly string[] | null;
  /** The question before deleting, when it is not 'delete.question'. */
  question?: (record: T | undefined) => string;
  /** After a delete, before returning to the list. */
  onDeleted?: () => void;
}

/** Plain deletes are given the record's id. */
export const byId = (id: number) => id;

/** {list}/:id/delete: the delete dialog of a record, over its list; it waits for the record, then refuses or asks. */
export function RoutedDeleteDialog<T extends { name: string }, V>({
  ns,
  listRoute,
  useRecord,
  useRemove,
  request,
  blocked,
  question,
  onDeleted,
}: RoutedDeleteDialogProps<T, V>) {
  const { t } = useTranslation(ns);
  const id = useIdParam();
  const navigate = useNavigate();
  const record = useRecord(id);
  const remove = useRemove();
  if (id === null) return <NotFound />;

  const close = () => navigate(listRoute);
  const deleted = () => {
    onDeleted?.();
    close();
  };
  const confirm = () => deleteThen(() => remove.mutateAsync(request(id, record.data)), t('toast.deleted'), deleted);
  const refusal = record.data && blocked ? blocked(record.data) : record.isError ? t('loadFailed') : null;

  return (
    <DeleteDialog
      loading={record.isPending}
      blocked={refusal}
      question={question ? question(record.data) : t('delete.question', { name: record.data?.name ?? '' })}
      busy={remove.isPending}
      onConfirm={confirm}
      onClose={close}
    />
  );
}
