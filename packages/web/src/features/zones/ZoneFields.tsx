import { ZONE_KINDS } from '@evfleet/domain';
import { NativeSelect, Stack, TextInput } from '@mantine/core';
import { useController, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { OwnerChoices } from '../../api/owner-choices';
import { OwnerSelect } from '../../components/form/OwnerSelect';
import { TextFields } from '../../components/form/TextFields';
import { useDomainText } from '../../i18n/useDomainText';
import { NumberField } from './NumberField';
import { TariffFields } from './TariffFields';
import { TIME_ZONES } from './time-zones';
import type { ZoneFormValues } from './zone-form';

interface ZoneFieldsProps {
  form: UseFormReturn<ZoneFormValues, unknown, unknown>;
  owners: OwnerChoices;
  readOnly: boolean;
}

/** The zone's settings beside its shape: name, kind, owner, time zone, dwell, speed limit, tariff, a depot's evening. */
export function ZoneFields({ form, owners, readOnly }: ZoneFieldsProps) {
  const { t } = useTranslation('zones');
  const domainText = useDomainText();
  const { control } = form;
  const kind = useController({ control, name: 'kind' });
  const timeZone = useController({ control, name: 'timeZone' });
  const isDepot = useWatch({ control, name: 'kind' }) === 'depot';

  return (
    <Stack gap="sm">
      <TextFields
        form={form}
        required
        readOnly={readOnly}
        fields={[{ name: 'name', label: t('field.name'), testId: 'zone-name', autofocus: true }]}
      />
      <NativeSelect
        label={t('field.kind')}
        withAsterisk={!readOnly}
        disabled={readOnly}
        data={ZONE_KINDS.map((each) => ({ value: each, label: t(`kind.${each}`) }))}
        {...kind.field}
        error={domainText(kind.fieldState.error?.message)}
        data-testid="zone-kind"
      />
      <OwnerSelect
        control={control}
        owners={owners}
        label={t('field.owner')}
        description={t('field.ownerHint')}
        emptyLabel={t('field.ownerChoose')}
        required
        readOnly={readOnly}
        testId="zone-owner"
      />
      <NativeSelect
        label={t('field.timeZone')}
        description={t('field.timeZoneHint')}
        disabled={readOnly}
        data={TIME_ZONES}
        {...timeZone.field}
        value={timeZone.field.value ?? 'UTC'}
        error={domainText(timeZone.fieldState.error?.message)}
        data-testid="zone-time-zone"
      />
      <NumberField
        control={control}
        name="minDwellSeconds"
        label={t('field.dwell')}
        description={t('field.dwellHint')}
        allowDecimal={false}
        suffix=" s"
        readOnly={readOnly}
        testId="zone-dwell"
      />
      <NumberField
        control={control}
        name="speedLimitMph"
        label={t('field.speedLimit')}
        description={t('field.speedLimitHint')}
        empty={null}
        suffix=" mph"
        readOnly={readOnly}
        testId="zone-speed-limit"
      />
      {isDepot && (
        <NumberField
          control={control}
          name="departureChargePercent"
          label={t('field.departureCharge')}
          description={t('field.departureChargeHint')}
          empty={null}
          suffix=" %"
          readOnly={readOnly}
          testId="zone-departure-charge"
        />
      )}
      {isDepot && (
        <TextInput
          type="time"
          label={t('field.eveningTime')}
          description={t('field.eveningTimeHint')}
          readOnly={readOnly}
          {...form.register('eveningTime')}
          error={domainText(form.formState.errors.eveningTime?.message)}
          data-testid="zone-evening"
        />
      )}
      <TariffFields form={form} readOnly={readOnly} />
    </Stack>
  );
}
