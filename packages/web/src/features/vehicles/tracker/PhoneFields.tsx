import type { AppInfo } from '../../../api/app-info';
import type { TrackerWrite } from '@evfleet/domain';
import { Alert, Button, Code, Group, Text } from '@mantine/core';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CopyValueButton } from '../CopyValueButton';
import { IdentifierInput } from './IdentifierInput';
import { OSMAND_DEFAULT_PORT, randomPhoneId, type TrackerForm } from './tracker-form';

/** A phone with Traccar Client: its device identifier (or a fresh random one), and where the app sends. */
export function PhoneFields({
  form,
  ports,
}: {
  form: UseFormReturn<TrackerForm, unknown, TrackerWrite>;
  ports: AppInfo['trackerPorts'];
}) {
  const { t } = useTranslation('vehicles');
  return (
    <>
      <IdentifierInput
        form={form}
        kind="phoneId"
        spellCheck={false}
        rightSectionWidth={96}
        rightSectionPointerEvents="all"
        rightSection={
          <Button
            size="compact-xs"
            variant="light"
            onClick={() => form.setValue('identifier', randomPhoneId(), { shouldDirty: true, shouldValidate: true })}
            data-testid="tracker-generate"
          >
            {t('tracker.generate')}
          </Button>
        }
      />
      <PhoneHint url={`http://${window.location.hostname}:${ports?.osmand ?? OSMAND_DEFAULT_PORT}`} />
    </>
  );
}

/** Where Traccar Client sends: the portal's host on the OsmAnd port, to copy into the app's settings. */
function PhoneHint({ url }: { url: string }) {
  const { t } = useTranslation('vehicles');
  return (
    <Alert variant="light" color="blue" title={t('tracker.phoneSetupTitle')} data-testid="tracker-hint">
      <Group gap="xs" wrap="wrap">
        <Text size="sm">{t('tracker.serverUrl')}</Text>
        <Code data-testid="tracker-server-url">{url}</Code>
        <CopyValueButton value={url} />
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        {t('tracker.phoneSetup')}
      </Text>
    </Alert>
  );
}
