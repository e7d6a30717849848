import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAppInfo } from '../../api/app-info';
import { useCan } from '../../session/useCan';
import { useSession } from '../../session/useSession';

function Line({ label, value, testId }: { label: string; value: string | undefined; testId: string }) {
  const { t } = useTranslation('app');
  return (
    <Text size="xs" c="dimmed" data-testid={testId}>
      {label}: {value ?? t('footer.none')}
    </Text>
  );
}

/** §2.3: the versions under the menu; the build details only for 'Roles And Permission'. */
export function MenuFooter() {
  const { t } = useTranslation('app');
  const { isAuthenticated } = useSession();
  const { data: info } = useAppInfo(isAuthenticated);
  const detailed = useCan({ page: 'Roles And Permission' });
  return (
    <Stack gap={2} className="menu-footer" data-testid="menu-footer">
      <Line label={t('footer.appVersion')} value={info?.appVersion} testId="app-version" />
      <Line label={t('footer.backendVersion')} value={info?.backendVersion} testId="backend-version" />
      {detailed && (
        <>
          <Line label={t('footer.backendCodeVersion')} value={info?.codeVersion} testId="backend-code-version" />
          <Line
            label={t('footer.frontendCodeVersion')}
            value={`${__FRONTEND_VERSION__} (${__BUILD_TIME__})`}
            testId="frontend-code-version"
          />
          <Line label={t('footer.dbSource')} value={info?.databaseSource} testId="db-source" />
          <Line label={t('footer.dbSignalSource')} value={info?.signalSource} testId="db-signal-source" />
        </>
      )}
    </Stack>
  );
}
