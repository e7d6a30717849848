import type { AppInfo } from '../../../api/app-info';
import type { TrackerWrite } from '@evfleet/domain';
import { Alert, Code, NativeSelect, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDomainText } from '../../../i18n/useDomainText';
import { useProfileChoices } from './api/tracker-api';
import { IdentifierInput } from './IdentifierInput';
import { TELTONIKA_DEFAULT_PORT, type TrackerForm } from './tracker-form';

type Form = UseFormReturn<TrackerForm, unknown, TrackerWrite>;
type TrackerPorts = AppInfo['trackerPorts'];

/** A Teltonika box: its IMEI, the profile it reads by, and where its settings send it. */
export function TeltonikaFields({ form, ports }: { form: Form; ports: TrackerPorts }) {
  return (
    <>
      <IdentifierInput form={form} kind="imei" inputMode="numeric" maxLength={15} />
      <ProfileSelect form={form} />
      <TeltonikaHint ports={ports} />
    </>
  );
}

/** The device profile; a tracker without one of its own reads by the built-in one, and the select says so once it is known. */
function ProfileSelect({ form }: { form: Form }) {
  const { t } = useTranslation('vehicles');
  const domainText = useDomainText();
  const { control, setValue, resetField, formState } = form;
  const profileId = useWatch({ control, name: 'profileId' });
  const profiles = useProfileChoices(true);
  const builtIn = profiles.data?.find((profile) => profile.builtIn);

  useEffect(() => {
    if (builtIn && !profileId) resetField('profileId', { defaultValue: String(builtIn.id) });
  }, [builtIn, profileId, resetField]);

  return (
    <NativeSelect
      label={t('tracker.profile')}
      description={t('tracker.profileHint')}
      data={
        profiles.data?.map((profile) => ({ value: String(profile.id), label: profile.name })) ?? [
          { value: profileId, label: t(profiles.isError ? 'tracker.profilesFailed' : 'tracker.profilesLoading') },
        ]
      }
      // Controlled: the choices may arrive after the field, and the built-in one is chosen then.
      value={profileId}
      onChange={(event) => setValue('profileId', event.currentTarget.value, { shouldDirty: true })}
      error={domainText(formState.errors.profileId?.message)}
      data-testid="tracker-profile"
    />
  );
}

/** What to enter in Teltonika Configurator: this portal's host and its ports (the defaults until they are read). */
function TeltonikaHint({ ports }: { ports: TrackerPorts }) {
  const { t } = useTranslation('vehicles');
  return (
    <Alert variant="light" color="blue" title={t('tracker.teltonikaSetupTitle')} data-testid="tracker-hint">
      <Text size="sm">
        {t('tracker.teltonikaSetup')} <Code>{window.location.hostname}</Code> · {t('tracker.port')}{' '}
        <Code>{ports?.teltonika ?? TELTONIKA_DEFAULT_PORT}</Code> · TCP
        {ports?.teltonikaTls ? (
          <>
            {' '}
            · TLS <Code>{ports.teltonikaTls}</Code>
          </>
        ) : null}
      </Text>
      <Text size="xs" c="dimmed" mt={4}>
        {t('tracker.teltonikaCodec')}
      </Text>
    </Alert>
  );
}
