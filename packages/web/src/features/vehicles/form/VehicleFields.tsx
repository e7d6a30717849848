import { CELL_COUNTS, timeZoneOptions, type VehicleForm } from '@evfleet/domain';
import { Checkbox, Group, Radio, Select, SimpleGrid, TextInput } from '@mantine/core';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
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
        label="Vehicle Name"
        withAsterisk
        data-testid="vehicle-name"
        error={errors.name?.message}
        {...register('name')}
      />
      <TextInput label="VIN" withAsterisk data-testid="vehicle-vin" error={errors.vin?.message} {...register('vin')} />
      <Controller
        control={control}
        name="dealerId"
        render={({ field }) => (
          <Select
            label="Dealer Name"
            withAsterisk
            searchable
            placeholder={dealers.isPending ? 'Loading dealers...' : 'Select Dealer'}
            data={dealerOptions}
            value={asText(field.value)}
            onChange={(value) => field.onChange(value ?? '')}
            onBlur={field.onBlur}
            error={errors.dealerId?.message}
            data-testid="vehicle-dealer"
          />
        )}
      />
      <Controller
        control={control}
        name="templateId"
        render={({ field }) => (
          <Select
            label="Template Name"
            withAsterisk
            searchable
            placeholder={templates.isPending ? 'Loading templates...' : 'Select Template'}
            data={templateOptions}
            value={asText(field.value)}
            onChange={(value) => {
              field.onChange(value ?? '');
              if (value) onTemplateChosen(Number(value));
            }}
            onBlur={field.onBlur}
            error={errors.templateId?.message}
            data-testid="vehicle-template"
          />
        )}
      />
      <TextInput
        label="IOT Version"
        data-testid="vehicle-iotVersion"
        error={errors.iotVersion?.message}
        {...register('iotVersion')}
      />
      <TextInput
        label="PCM Version"
        data-testid="vehicle-pcmVersion"
        error={errors.pcmVersion?.message}
        {...register('pcmVersion')}
      />
      <TextInput
        label="Notification Email Address"
        type="email"
        data-testid="vehicle-notificationEmailAddress"
        error={errors.notificationEmailAddress?.message}
        {...register('notificationEmailAddress')}
      />
      <TextInput
        label="Notification SMS Number"
        inputMode="tel"
        data-testid="vehicle-notificationSmsNumber"
        error={errors.notificationSmsNumber?.message}
        {...register('notificationSmsNumber')}
      />
      <Controller
        control={control}
        name="cells"
        render={({ field }) => (
          <Select
            label="Battery Cells"
            withAsterisk
            placeholder="Select Cells"
            data={CELLS}
            value={asText(field.value)}
            onChange={(value) => field.onChange(value ?? '')}
            onBlur={field.onBlur}
            error={errors.cells?.message}
            data-testid="vehicle-cells"
          />
        )}
      />
      <TextInput
        label="Rated capacity (kWh)"
        inputMode="decimal"
        description="Leave empty to use the template's"
        placeholder={templateCapacity ? `Template: ${templateCapacity} kWh` : undefined}
        data-testid="vehicle-ratedCapacityKwh"
        error={errors.ratedCapacityKwh?.message}
        {...register('ratedCapacityKwh')}
      />
      <Controller
        control={control}
        name="timeZone"
        render={({ field }) => (
          <Select
            label="Time Zone"
            searchable
            limit={50}
            data={ZONES}
            value={asText(field.value)}
            onChange={(value) => field.onChange(value ?? '')}
            onBlur={field.onBlur}
            error={errors.timeZone?.message}
            data-testid="vehicle-timeZone"
          />
        )}
      />
      <Controller
        control={control}
        name="status"
        render={({ field }) => (
          <Radio.Group
            label="Status"
            value={field.value === false ? 'inactive' : 'active'}
            onChange={(value) => field.onChange(value === 'active')}
            data-testid="vehicle-status"
          >
            <Group mt={6}>
              <Radio value="active" label="Active" data-testid="vehicle-status-active" />
              <Radio value="inactive" label="Inactive" data-testid="vehicle-status-inactive" />
            </Group>
          </Radio.Group>
        )}
      />
      <Group gap="xl" mt="lg">
        <Checkbox label="SMS Notification" data-testid="vehicle-smsNotification" {...register('smsNotification')} />
        <Checkbox
          label="Email Notification"
          data-testid="vehicle-emailNotification"
          {...register('emailNotification')}
        />
      </Group>
    </SimpleGrid>
  );
}
