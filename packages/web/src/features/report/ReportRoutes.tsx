import { Container, Text, Title } from '@mantine/core';
import { Route, Routes } from 'react-router';
import { NotFound } from '../../app/shell/StatusPages';

function ReportPlaceholder({ title }: { title: string }) {
  return (
    <Container fluid py="md">
      <Title order={2}>{title}</Title>
      <Text c="dimmed">This report screen is not built yet.</Text>
    </Container>
  );
}

/** /report/* (ROLE_ADMIN, ROLE_USER). The CAN history report screens come with their own issue. */
export default function ReportRoutes() {
  return (
    <Routes>
      <Route path="can-history-report" element={<ReportPlaceholder title="CAN history" />} />
      <Route path="view-result" element={<ReportPlaceholder title="Report results" />} />
      <Route path="template" element={<ReportPlaceholder title="Saved report template" />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
