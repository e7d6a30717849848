import { Route, Routes } from 'react-router';
import { NotFound } from '../../routing/StatusPages';
import { RequireCan } from '../../session/RequireCan';
import { ZoneEditorPage } from './ZoneEditorPage';
import { ZonesPage } from './ZonesPage';

/** /zones/* (docs/zones.md), loaded on demand: the list, a new zone, and one zone to read or change. */
export default function ZoneRoutes() {
  return (
    <Routes>
      <Route index element={<ZonesPage />} />
      <Route
        path="new"
        element={
          <RequireCan what="zones">
            <ZoneEditorPage />
          </RequireCan>
        }
      />
      <Route path=":id" element={<ZoneEditorPage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
