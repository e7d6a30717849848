import { useState } from 'react';
import { deleteThen } from '../delete/delete-then';

interface DeleteConfirmOptions<T> {
  /** Deletes the row; a refusal has already been told by the HTTP client. */
  remove: (row: T) => Promise<unknown>;
  /** The toast once the row is deleted. */
  deleted: (row: T) => string;
  /** A refused delete keeps the question open for another try or No, instead of closing it. */
  keepOnRefusal?: boolean;
}

/** A list's question before deleting a row: the row asked about, and what Yes and No do. */
export function useDeleteConfirm<T>({ remove, deleted, keepOnRefusal = false }: DeleteConfirmOptions<T>) {
  const [row, setRow] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => setRow(null);
  const confirm = async () => {
    if (!row) return;
    setBusy(true);
    const done = await deleteThen(() => remove(row), deleted(row), close);
    if (!done && !keepOnRefusal) close();
    setBusy(false);
  };
  /** The props of the ConfirmModal that asks. */
  const modal = { opened: row !== null, busy, onConfirm: confirm, onCancel: close };
  return { row, ask: setRow, modal };
}
