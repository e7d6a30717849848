import { CELL_COUNTS, timeZoneOptions, type VehicleForm } from '@evfleet/domain';
import { Checkbox, Group, Radio, Select, SimpleGrid, TextInput } from '@mantine/core';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDomainText } from '../../../i18n/useDomainText';
import { useDealerChoices, useTemplateChoices } from '../api/vehicles-api';

interface VehicleFieldsProps {
  form: UseFormReturn<VehicleForm>;
  /** A template was picked: its thresholds replace the form's (§4). */
  onTemplateChosen: (templateId: number) => void;
}

const ZONES = timeZoneOptions();
const CELLS = CELL_COUNTS.map(String);

const asText = (value: unknown) => (value === undefined || value === null || value === '' ? null : String(value));

/** The vehicle form's fields of §2, with the messages of §5 under them. */
export function VehicleFields({ form, onTemplateChosen }: VehicleFieldsProps) {
  const { t } = useTranslation('vehicles');
  const domainText = useDomainText();
  const { register, control, formState } = form;
  const { errors } = formState;
  const dealers = useDealerChoices();
  const templates = useTemplateChoices();
  const dealerOptions = (dealers.data ?? []).map((dealer) => ({ value: String(dealer.id), label: dealer.name }));
  const templateOptions = (templates.data ?? []).map((template) => ({
    value: String(template.id),
    label: template.name,
  }));
  const templateId = useWatch({ control, name: 'templateId' });
  const templateCapacity = templates.data?.find(
    (template) => String(template.id) === asText(templateId),
  )?.ratedCapacityKwh;

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
      <TextInput
        label={t('field.name')}
        withAsterisk
        data-testid="vehicle-name"
        error={domainText(errors.name?.message)}
        {...register('name')}
      />
      <TextInput
        label={t('form.vin')}
        withAsterisk
        data-testid="vehicle-vin"
        error={domainText(errors.vin?.message)}
        {...register('vin')}
      />
      <Controller
        control={control}
        name="dealerId"
        render={({ field }) => (
          <Select
            label={t('field.dealerName')}
            withAsterisk
            searchable
            placeholder={dealers.isPending ? t('form.dealersLoading') : t('form.dealerPlaceholder')}
            data={dealerOptions}
            value={asText(field.value)}
            onChange={(value) => field.onChange(value ?? '')}
            onBlur={field.onBlur}
            error={domainText(errors.dealerId?.message)}
            data-testid="vehicle-dealer"
          />
        )}
      />
      <Controller
        control={control}
        name="templateId"
        render={({ field }) => (
          <Select
            label={t('field.templateName')}
            withAsterisk
            searchable
            placeholder={templates.isPending ? t('form.templatesLoading') : t('form.templatePlaceholder')}
            data={templateOptions}
            value={asText(field.value)}
            onChange={(value) => {
              field.onChange(value ?? '');
              if (value) onTemplateChosen(Number(value));
            }}
            onBlur={field.onBlur}
            error={domainText(errors.templateId?.message)}
            data-testid="vehicle-template"
          />
        )}
      />
      <TextInput
        label={t('form.iotVersion')}
        data-testid="vehicle-iotVersion"
        error={domainText(errors.iotVersion?.message)}
        {...register('iotVersion')}
      />
      <TextInput
        label={t('form.pcmVersion')}
        data-testid="vehicle-pcmVersion"
        error={domainText(errors.pcmVersion?.message)}
        {...register('pcmVersion')}
      />
      <TextInput
        label={t('form.notificationEmail')}
        type="email"
        data-testid="vehicle-notificationEmailAddress"
        error={domainText(errors.notificationEmailAddress?.message)}
        {...register('notificationEmailAddress')}
      />
      <TextInput
        label={t('form.notificationSms')}
        inputMode="tel"
        data-testid="vehicle-notificationSmsNumber"
        error={domainText(errors.notificationSmsNumber?.message)}
        {...register('notificationSmsNumber')}
      />
      <Controller
        control={control}
        name="cells"
        render={({ field }) => (
          <Select
            label={t('form.cells')}
            withAsterisk
            placeholder={t('form.cellsPlaceholder')}
            data={CELLS}
            value={asText(field.value)}
            onChange={(value) => field.onChange(value ?? '')}
            onBlur={field.onBlur}
            error={domainText(errors.cells?.message)}
            data-testid="vehicle-cells"
          />
        )}
      />
      <TextInput
        label={t('form.ratedCapacity')}
        inputMode="decimal"
        description={t('form.ratedCapacityHint')}
        placeholder={templateCapacity ? t('form.ratedCapacityOfTemplate', { capacity: templateCapacity }) : undefined}
        data-testid="vehicle-ratedCapacityKwh"
        error={domainText(errors.ratedCapacityKwh?.message)}
        {...register('ratedCapacityKwh')}
      />
      <Controller
        control={control}
        name="timeZone"
        render={({ field }) => (
          <Select
            label={t('form.timeZone')}
            searchable
            limit={50}
            data={ZONES}
            value={asText(field.value)}
            onChange={(value) => field.onChange(value ?? '')}
            onBlur={field.onBlur}
            error={domainText(errors.timeZone?.message)}
            data-testid="vehicle-timeZone"
          />
        )}
      />
      <Controller
        control={control}
        name="status"
        render={({ field }) => (
          <Radio.Group
            label={t('field.status')}
            value={field.value === false ? 'inactive' : 'active'}
            onChange={(value) => field.onChange(value === 'active')}
            data-testid="vehicle-status"
          >
            <Group mt={6}>
              <Radio value="active" label={t('status.active')} data-testid="vehicle-status-active" />
              <Radio value="inactive" label={t('status.inactive')} data-testid="vehicle-status-inactive" />
            </Group>
          </Radio.Group>
        )}
      />
      <Group gap="xl" mt="lg">
        <Checkbox
          label={t('form.smsNotification')}
          data-testid="vehicle-smsNotification"
          {...register('smsNotification')}
        />
        <Checkbox
          label={t('form.emailNotification')}
          data-testid="vehicle-emailNotification"
          {...register('emailNotification')}
        />
      </Group>
    </SimpleGrid>
  );
}
