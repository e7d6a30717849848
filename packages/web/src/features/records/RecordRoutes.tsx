import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { NotAuthorized, NotFound } from '../../routing/StatusPages';
import { useCan } from '../../session/useCan';
import type { RecordScreen } from './record-types';
import { RecordDeleteDialog } from './RecordDeleteDialog';
import { RecordDetailPage } from './RecordDetailPage';
import { RecordFormPage } from './RecordFormPage';
import { RecordListPage } from './RecordListPage';

interface RecordRoutesProps {
  screen: RecordScreen;
  /** What {base} shows; the records list unless the area's index is another page (/vehicle-can). */
  index?: ReactNode;
}

/**
 * {base}, {base}/new, {base}/{id}, {base}/{id}/edit and {base}/{id}/delete over the list (part 2 §2
 * "Generic record screens"). Pages that change data are refused up front to those the server refuses.
 */
export function RecordRoutes({ screen, index }: RecordRoutesProps) {
  const canWrite = useCan({ roles: screen.def.writers });
  const writing = (page: ReactNode) => (canWrite ? page : <NotAuthorized />);
  return (
    <Routes>
      <Route element={index ?? <RecordListPage screen={screen} />}>
        <Route index element={null} />
        <Route path=":id/delete" element={writing(<RecordDeleteDialog screen={screen} />)} />
      </Route>
      <Route path="new" element={writing(<RecordFormPage screen={screen} />)} />
      <Route path=":id" element={<RecordDetailPage screen={screen} />} />
      <Route path=":id/edit" element={writing(<RecordFormPage screen={screen} />)} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
