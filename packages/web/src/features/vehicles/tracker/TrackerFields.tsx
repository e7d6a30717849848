import type { TrackerWrite } from '@evfleet/domain';
import { NativeSelect, Stack, Text } from '@mantine/core';
import { useRef } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAppInfo } from '../../../api/app-info';
import { PhoneFields } from './PhoneFields';
import { TeltonikaFields } from './TeltonikaFields';
import { randomPhoneId, TRACKER_CHOICES, type TrackerChoice, type TrackerForm } from './tracker-form';

type Form = UseFormReturn<TrackerForm, unknown, TrackerWrite>;

/**
 * The tracker's fields (docs/devices.md): which kind, the IMEI or the phone's id, the profile a
 * Teltonika box reads by, and what to enter on the device so it reaches this portal.
 */
export function TrackerFields({ form }: { form: Form }) {
  const { t } = useTranslation('vehicles');
  const { protocol, choose } = useTrackerChoice(form);
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
      {protocol === 'teltonika' && <TeltonikaFields form={form} ports={ports} />}
      {protocol === 'osmand' && <PhoneFields form={form} ports={ports} />}
      {protocol === 'none' && (
        <Text size="sm" c="dimmed">
          {t('tracker.noneHint')}
        </Text>
      )}
    </Stack>
  );
}

/** The kind of tracker, and choosing another: each kind keeps what was typed for it, so switching to a phone and back does not lose the IMEI. */
function useTrackerChoice({ control, getValues, setValue, clearErrors }: Form) {
  const protocol = useWatch({ control, name: 'protocol' });
  const typed = useRef<Partial<Record<TrackerChoice, string>>>({
    [getValues('protocol')]: getValues('identifier'),
  });
  const choose = (next: TrackerChoice) => {
    typed.current[protocol] = getValues('identifier');
    setValue('protocol', next, { shouldDirty: true });
    // A phone with no id yet gets a random one to copy into Traccar Client.
    const identifier = typed.current[next] || (next === 'osmand' ? randomPhoneId() : '');
    setValue('identifier', identifier, { shouldDirty: true });
    clearErrors('identifier');
  };
  return { protocol, choose };
}
