import { Route, Routes } from 'react-router';
import { NotFound } from '../../routing/StatusPages';
import { CanHistoryReportPage } from './CanHistoryReportPage';
import { TemplatePage } from './TemplatePage';
import { ViewResultPage } from './ViewResultPage';

/** /report/* (ROLE_ADMIN, ROLE_USER): the CAN history report, its results and saved templates (part 2 §2). */
export default function ReportRoutes() {
  return (
    <Routes>
      <Route path="can-history-report" element={<CanHistoryReportPage />} />
      <Route path="view-result" element={<ViewResultPage />} />
      <Route path="template" element={<TemplatePage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
