import { CELL_COUNTS, timeZoneOptions, type VehicleForm } from '@evfleet/domain';
import {
  Checkbox,
  Group,
  Radio,
  Select,
  SimpleGrid,
  TextInput,
  type SelectProps,
  type TextInputProps,
} from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDomainText } from '../../../i18n/useDomainText';
import { useDealerChoices, useTemplateChoices } from '../api/vehicles-api';

type Form = UseFormReturn<VehicleForm>;
type FieldName = keyof VehicleForm & string;

interface VehicleFieldsProps {
  form: Form;
  /** A template was picked: its thresholds replace the form's (§4). */
  onTemplateChosen: (templateId: number) => void;
}

const ZONES = timeZoneOptions();
const CELLS = CELL_COUNTS.map(String);

const asText = (value: unknown) => (value === undefined || value === null || value === '' ? null : String(value));

/** A text field of the form, its message of §5 under it; its test id is `vehicle-<name>`. */
function FormText({ form, name, ...props }: { form: Form; name: FieldName } & Omit<TextInputProps, 'form' | 'name'>) {
  const domainText = useDomainText();
  return (
    <TextInput
      data-testid={`vehicle-${name}`}
      error={domainText(form.formState.errors[name]?.message)}
      {...props}
      {...form.register(name)}
    />
  );
}

/** A choice of the form, held as text by the select and as the form's value; `onChosen` hears a pick. */
function FormSelect({
  form,
  name,
  testId = `vehicle-${name}`,
  onChosen,
  ...props
}: { form: Form; name: FieldName; testId?: string; onChosen?: (value: string) => void } & Omit<
  SelectProps,
  'form' | 'name' | 'value' | 'onChange'
>) {
  const domainText = useDomainText();
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Select
          value={asText(field.value)}
          onChange={(value) => {
            field.onChange(value ?? '');
            if (value) onChosen?.(value);
          }}
          onBlur={field.onBlur}
          error={domainText(form.formState.errors[name]?.message)}
          data-testid={testId}
          {...props}
        />
      )}
    />
  );
}

/** What the form links a vehicle to: a dealer, or a template (whose thresholds it starts from). */
type Linked = 'dealer' | 'template';

/** A required, searchable pick of one of the named choices of `linked`; the placeholder says while they load. */
function LinkedSelect({
  form,
  linked,
  choices,
  onChosen,
}: {
  form: Form;
  linked: Linked;
  choices: UseQueryResult<readonly { id: number; name: string }[]>;
  onChosen?: (value: string) => void;
}) {
  const { t } = useTranslation('vehicles');
  return (
    <FormSelect
      form={form}
      name={`${linked}Id`}
      testId={`vehicle-${linked}`}
      label={t(`field.${linked}Name`)}
      withAsterisk
      searchable
      placeholder={choices.isPending ? t(`form.${linked}sLoading`) : t(`form.${linked}Placeholder`)}
      data={(choices.data ?? []).map((choice) => ({ value: String(choice.id), label: choice.name }))}
      onChosen={onChosen}
    />
  );
}

/** Active or inactive. */
function StatusChoice({ form }: { form: Form }) {
  const { t } = useTranslation('vehicles');
  return (
    <Controller
      control={form.control}
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
  );
}

/** Whether alerts go out by SMS and by mail. */
function ChannelChoices({ form }: { form: Form }) {
  const { t } = useTranslation('vehicles');
  return (
    <Group gap="xl" mt="lg">
      <Checkbox
        label={t('form.smsNotification')}
        data-testid="vehicle-smsNotification"
        {...form.register('smsNotification')}
      />
      <Checkbox
        label={t('form.emailNotification')}
        data-testid="vehicle-emailNotification"
        {...form.register('emailNotification')}
      />
    </Group>
  );
}

/** The vehicle form's fields of §2, with the messages of §5 under them. */
export function VehicleFields({ form, onTemplateChosen }: VehicleFieldsProps) {
  const { t } = useTranslation('vehicles');
  const dealers = useDealerChoices();
  const templates = useTemplateChoices();
  const templateId = useWatch({ control: form.control, name: 'templateId' });
  const templateCapacity = templates.data?.find(
    (template) => String(template.id) === asText(templateId),
  )?.ratedCapacityKwh;

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
      <FormText form={form} name="name" label={t('field.name')} withAsterisk />
      <FormText form={form} name="vin" label={t('form.vin')} withAsterisk />
      <LinkedSelect form={form} linked="dealer" choices={dealers} />
      <LinkedSelect
        form={form}
        linked="template"
        choices={templates}
        onChosen={(value) => onTemplateChosen(Number(value))}
      />
      <FormText form={form} name="iotVersion" label={t('form.iotVersion')} />
      <FormText form={form} name="pcmVersion" label={t('form.pcmVersion')} />
      <FormText form={form} name="notificationEmailAddress" label={t('form.notificationEmail')} type="email" />
      <FormText form={form} name="notificationSmsNumber" label={t('form.notificationSms')} inputMode="tel" />
      <FormSelect
        form={form}
        name="cells"
        label={t('form.cells')}
        withAsterisk
        placeholder={t('form.cellsPlaceholder')}
        data={CELLS}
      />
      <FormText
        form={form}
        name="ratedCapacityKwh"
        label={t('form.ratedCapacity')}
        inputMode="decimal"
        description={t('form.ratedCapacityHint')}
        placeholder={templateCapacity ? t('form.ratedCapacityOfTemplate', { capacity: templateCapacity }) : undefined}
      />
      <FormSelect form={form} name="timeZone" label={t('form.timeZone')} searchable limit={50} data={ZONES} />
      <StatusChoice form={form} />
      <ChannelChoices form={form} />
    </SimpleGrid>
  );
}
