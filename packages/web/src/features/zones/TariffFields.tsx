import { ZONE_LIMITS } from '@evfleet/domain';
import { ActionIcon, Button, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TrashIcon } from '../../components/icons';
import { useDomainText } from '../../i18n/useDomainText';
import { NumberField } from './NumberField';
import { newBand, newTariff, type ZoneFormValues } from './zone-form';

interface TariffFieldsProps {
  form: UseFormReturn<ZoneFormValues, unknown, unknown>;
  readOnly: boolean;
}

/** The zone's energy tariff: none, or a currency, the price outside every band, and the bands by time of day. */
export function TariffFields({ form, readOnly }: TariffFieldsProps) {
  const { t } = useTranslation('zones');
  const domainText = useDomainText();
  const { control, register, setValue, getValues } = form;
  const hasTariff = useWatch({ control, name: 'tariff' }) != null;
  const bands = useFieldArray({ control, name: 'tariff.bands' });
  const errors = form.formState.errors.tariff;

  return (
    <Stack gap="xs">
      <Switch
        label={t('tariff.on')}
        checked={hasTariff}
        disabled={readOnly}
        onChange={(event) =>
          setValue('tariff', event.currentTarget.checked ? newTariff() : null, {
            shouldDirty: true,
            shouldValidate: true,
          })
        }
        data-testid="zone-tariff"
      />
      {hasTariff && (
        <>
          <Group grow align="flex-start">
            <TextInput
              label={t('tariff.currency')}
              readOnly={readOnly}
              maxLength={3}
              {...register('tariff.currency', { setValueAs: (text: string) => text.trim().toUpperCase() })}
              error={domainText(errors?.currency?.message)}
              data-testid="zone-currency"
            />
            <NumberField
              control={control}
              name="tariff.perKwh"
              label={t('tariff.perKwh')}
              readOnly={readOnly}
              testId="zone-per-kwh"
            />
          </Group>
          <Text size="sm" fw={500}>
            {t('tariff.bands')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('tariff.bandsHint')}
          </Text>
          {bands.fields.map((band, i) => (
            <Stack key={band.id} gap={2}>
              <Group gap="xs" align="flex-start" wrap="nowrap">
                <TextInput
                  type="time"
                  label={t('tariff.from')}
                  readOnly={readOnly}
                  {...register(`tariff.bands.${i}.from`)}
                  error={domainText(errors?.bands?.[i]?.from?.message)}
                  data-testid={`zone-band-from-${i}`}
                />
                <TextInput
                  type="time"
                  label={t('tariff.to')}
                  readOnly={readOnly}
                  {...register(`tariff.bands.${i}.to`)}
                  error={domainText(errors?.bands?.[i]?.to?.message)}
                  data-testid={`zone-band-to-${i}`}
                />
                <NumberField
                  control={control}
                  name={`tariff.bands.${i}.perKwh`}
                  label={t('tariff.bandPrice')}
                  readOnly={readOnly}
                  testId={`zone-band-price-${i}`}
                />
                {!readOnly && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    mt={26}
                    onClick={() => bands.remove(i)}
                    aria-label={t('tariff.removeBand', { band: i + 1 })}
                    data-testid={`zone-band-remove-${i}`}
                  >
                    <TrashIcon />
                  </ActionIcon>
                )}
              </Group>
              {/* A band overlapping an earlier one: the fault is the band's as a whole. */}
              {errors?.bands?.[i]?.message && (
                <Text size="xs" c="red">
                  {domainText(errors.bands[i].message)}
                </Text>
              )}
            </Stack>
          ))}
          {!readOnly && (
            <Button
              variant="light"
              size="xs"
              disabled={bands.fields.length >= ZONE_LIMITS.maxTariffBands}
              onClick={() => bands.append(newBand(getValues('tariff.perKwh') ?? 0))}
              data-testid="zone-band-add"
            >
              {t('tariff.addBand')}
            </Button>
          )}
        </>
      )}
    </Stack>
  );
}
