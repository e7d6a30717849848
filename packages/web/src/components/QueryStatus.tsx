import { Alert, Center, Loader } from '@mantine/core';

interface QueryStatusProps {
  query: { isPending: boolean; isError: boolean };
  /** What the alert says when the read failed. */
  failed: string;
}

/** A record's read while it has no data: a loader while pending, an alert when it failed. */
export function QueryStatus({ query, failed }: QueryStatusProps) {
  if (query.isError) return <Alert color="red">{failed}</Alert>;
  if (!query.isPending) return null;
  return (
    <Center py="md">
      <Loader size="sm" />
    </Center>
  );
}
