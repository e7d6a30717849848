import type { TrackerWrite } from '@evfleet/domain';
import { Alert, Button, Code, CopyButton, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAppInfo } from '../../../api/app-info';
import { useDomainText } from '../../../i18n/useDomainText';
import { useProfileChoices } from './api/tracker-api';
import {
  OSMAND_DEFAULT_PORT,
  randomPhoneId,
  TELTONIKA_DEFAULT_PORT,
  TRACKER_CHOICES,
  type TrackerChoice,
  type TrackerForm,
} from './tracker-form';

const MONOSPACE = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

/**
 * The tracker's fields (docs/devices.md): which kind, the IMEI or the phone's id, the profile a
 * Teltonika box reads by, and what to enter on the device so it reaches this portal.
 */
export function TrackerFields({ form }: { form: UseFormReturn<TrackerForm, unknown, TrackerWrite> }) {
  const { t } = useTranslation('vehicles');
  const domainText = useDomainText();
  const { register, control, getValues, setValue, resetField, clearErrors, formState } = form;
  const protocol = useWatch({ control, name: 'protocol' });
  const profileId = useWatch({ control, name: 'profileId' });
  const profiles = useProfileChoices(protocol === 'teltonika');
  const builtIn = profiles.data?.find((profile) => profile.builtIn);
  // Each kind keeps what was typed for it: switching to a phone and back does not lose the IMEI.
  const typed = useRef<Partial<Record<TrackerChoice, string>>>({
    [getValues('protocol')]: getValues('identifier'),
  });

  // A tracker without a profile of its own reads by the built-in one: the select says so once it is known.
  useEffect(() => {
    if (builtIn && !profileId) resetField('profileId', { defaultValue: String(builtIn.id) });
  }, [builtIn, profileId, resetField]);

  const choose = (next: TrackerChoice) => {
    typed.current[protocol] = getValues('identifier');
    setValue('protocol', next, { shouldDirty: true });
    // A phone with no id yet gets a random one to copy into Traccar Client.
    const identifier = typed.current[next] || (next === 'osmand' ? randomPhoneId() : '');
    setValue('identifier', identifier, { shouldDirty: true });
    clearErrors('identifier');
  };
  const identifierError = domainText(formState.errors.identifier?.message);
  const host = window.location.hostname;
  // This server's ports; the defaults until they are read.
  const ports = useAppInfo(true).data?.trackerPorts;

  return (
    <Stack gap="sm">
      <NativeSelect
        label={t('tracker.protocol')}
        data={TRACKER_CHOICES.map((choice) => ({ value: choice, label: t(`tracker.kind.${choice}`) }))}
        value={protocol}
        onChange={(event) => choose(event.currentTarget.value as TrackerChoice)}
        data-autofocus
        data-testid="tracker-protocol"
      />
      {protocol === 'teltonika' && (
        <>
          <TextInput
            label={t('tracker.imei')}
            description={t('tracker.imeiHint')}
            withAsterisk
            inputMode="numeric"
            autoComplete="off"
            maxLength={15}
            styles={MONOSPACE}
            error={identifierError}
            data-testid="tracker-identifier"
            {...register('identifier')}
          />
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
          <Alert variant="light" color="blue" title={t('tracker.teltonikaSetupTitle')} data-testid="tracker-hint">
            <Text size="sm">
              {t('tracker.teltonikaSetup')} <Code>{host}</Code> · {t('tracker.port')}{' '}
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
        </>
      )}
      {protocol === 'osmand' && (
        <>
          <TextInput
            label={t('tracker.phoneId')}
            description={t('tracker.phoneIdHint')}
            withAsterisk
            autoComplete="off"
            spellCheck={false}
            styles={MONOSPACE}
            error={identifierError}
            rightSectionWidth={96}
            rightSectionPointerEvents="all"
            rightSection={
              <Button
                size="compact-xs"
                variant="light"
                onClick={() => setValue('identifier', randomPhoneId(), { shouldDirty: true, shouldValidate: true })}
                data-testid="tracker-generate"
              >
                {t('tracker.generate')}
              </Button>
            }
            data-testid="tracker-identifier"
            {...register('identifier')}
          />
          <PhoneHint url={`http://${host}:${ports?.osmand ?? OSMAND_DEFAULT_PORT}`} />
        </>
      )}
      {protocol === 'none' && (
        <Text size="sm" c="dimmed">
          {t('tracker.noneHint')}
        </Text>
      )}
    </Stack>
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
        <CopyButton value={url}>
          {({ copied, copy }) => (
            <Button size="compact-xs" variant="subtle" onClick={copy}>
              {copied ? t('device.copied') : t('device.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        {t('tracker.phoneSetup')}
      </Text>
    </Alert>
  );
}
