import { Route, Routes } from 'react-router';
import { NotFound } from '../../routing/StatusPages';
import { WebhookDetailPage } from './WebhookDetailPage';
import { WebhooksPage } from './WebhooksPage';

/** /webhooks/* (docs/integrations.md), loaded on demand: the list and one hook with its deliveries. */
export default function WebhookRoutes() {
  return (
    <Routes>
      <Route index element={<WebhooksPage />} />
      <Route path=":id" element={<WebhookDetailPage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
