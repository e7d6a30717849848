import { useMemo, useState } from 'react';

/** A list's form modal: closed, adding (no record yet) or editing one record. */
export function useEditing<T>() {
  const [editing, setEditing] = useState<{ record: T | null } | null>(null);
  const open = useMemo(
    () => ({
      add: () => setEditing({ record: null }),
      edit: (record: T) => setEditing({ record }),
      close: () => setEditing(null),
    }),
    [],
  );
  return { opened: editing !== null, record: editing?.record ?? null, ...open };
}
