import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { NotFound } from './StatusPages';

/** The paths below an area's base that change data. */
type WritePath = 'new' | ':id/edit' | ':id/delete';

interface EntityRoutesProps {
  /** {base}: the list; the dialogs below render in its Outlet. */
  list: ReactNode;
  /** Dialogs opened over the list: the form and the delete dialog, each with its own URL. */
  dialogs?: Partial<Record<WritePath, ReactNode>>;
  /** Pages of their own that change data (the vehicle form). */
  pages?: Partial<Record<WritePath, ReactNode>>;
  /** {base}/{id}. */
  detail: ReactNode;
  /** Puts a page that changes data behind the check of who may change it, as the server refuses the others. */
  writersOnly: (page: ReactNode) => ReactNode;
}

/**
 * The routes of a people or vehicle area below its base: the list with its dialogs over it, the
 * pages that change data, the detail, and not found for anything else.
 */
export function EntityRoutes({ list, dialogs = {}, pages = {}, detail, writersOnly }: EntityRoutesProps) {
  const writing = (routes: Partial<Record<WritePath, ReactNode>>) =>
    Object.entries(routes).map(([path, page]) => <Route key={path} path={path} element={writersOnly(page)} />);
  return (
    <Routes>
      <Route element={list}>
        <Route index element={null} />
        {writing(dialogs)}
      </Route>
      {writing(pages)}
      <Route path=":id" element={detail} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
