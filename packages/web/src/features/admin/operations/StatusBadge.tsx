import { Badge } from '@mantine/core';

const COLOURS: Record<string, string> = { UP: 'green', DOWN: 'red', UNKNOWN: 'gray' };

export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge color={COLOURS[status] ?? 'gray'} variant="filled" data-testid="status-badge">
      {status}
    </Badge>
  );
}
