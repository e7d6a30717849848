import { Stack, Text } from '@mantine/core';
import { useAppInfo } from '../../api/app-info';
import { useCan } from '../session/useCan';
import { useSession } from '../session/useSession';

function Line({ label, value, testId }: { label: string; value: string | undefined; testId: string }) {
  return (
    <Text size="xs" c="dimmed" data-testid={testId}>
      {label}: {value ?? 'NA'}
    </Text>
  );
}

/** §2.3: the versions under the menu; the build details only for 'Roles And Permission'. */
export function MenuFooter() {
  const { isAuthenticated } = useSession();
  const { data: info } = useAppInfo(isAuthenticated);
  const detailed = useCan({ page: 'Roles And Permission' });
  return (
    <Stack gap={2} className="menu-footer" data-testid="menu-footer">
      <Line label="App version" value={info?.appVersion} testId="app-version" />
      <Line label="Backend version" value={info?.backendVersion} testId="backend-version" />
      {detailed && (
        <>
          <Line label="Backend code version" value={info?.codeVersion} testId="backend-code-version" />
          <Line
            label="Frontend code version"
            value={`${__FRONTEND_VERSION__} (${__BUILD_TIME__})`}
            testId="frontend-code-version"
          />
          <Line label="DB source" value={info?.databaseSource} testId="db-source" />
          <Line label="DB signal source" value={info?.signalSource} testId="db-signal-source" />
        </>
      )}
    </Stack>
  );
}
