import { ENERGY_RULES, type templateCreateSchema, type VehicleTemplate } from '@evfleet/domain';
import { Avatar, Textarea, TextInput } from '@mantine/core';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ImageField } from '../../components/ImageField';
import { useDomainText } from '../../i18n/useDomainText';

export type TemplateInput = z.input<typeof templateCreateSchema>;
export type TemplateForm = UseFormReturn<TemplateInput, unknown, z.output<typeof templateCreateSchema>>;

interface TemplateFieldsProps {
  form: TemplateForm;
  /** The template edited (its image shows until another is uploaded); null for a new one. */
  template: VehicleTemplate | null;
  readOnly?: boolean;
}

/** Image, name, description and battery settings of a template: the Add modal's fields and the detail page's. */
export function TemplateFields({ form, template, readOnly = false }: TemplateFieldsProps) {
  const { t } = useTranslation('vehicle-templates');
  const domainText = useDomainText();
  const { errors } = form.formState;
  return (
    <>
      {readOnly ? (
        <Avatar
          src={template?.imageUrl ?? undefined}
          alt={t('form.imageAlt')}
          size={56}
          radius="sm"
          data-testid="template-image-preview"
        >
          {template?.name.slice(0, 1).toUpperCase()}
        </Avatar>
      ) : (
        <Controller
          control={form.control}
          name="fileId"
          render={({ field, fieldState }) => (
            <ImageField
              label={t('form.image')}
              alt={t('form.imageAlt')}
              testId="template-image"
              round={false}
              initialData={template?.imageUrl ?? null}
              initialFileId={template?.fileId ?? undefined}
              onFileId={field.onChange}
              error={domainText(fieldState.error?.message)}
            />
          )}
        />
      )}
      <TextInput
        label={t('form.name')}
        withAsterisk={!readOnly}
        readOnly={readOnly}
        data-autofocus
        data-testid="template-name"
        error={domainText(errors.name?.message)}
        {...form.register('name')}
      />
      <Textarea
        label={t('form.description')}
        withAsterisk={!readOnly}
        autosize
        minRows={2}
        readOnly={readOnly}
        data-testid="template-description"
        error={domainText(errors.description?.message)}
        {...form.register('description')}
      />
      <TextInput
        label={t('form.ratedCapacity')}
        inputMode="decimal"
        readOnly={readOnly}
        description={t('form.ratedCapacityHint')}
        data-testid="template-ratedCapacityKwh"
        error={domainText(errors.ratedCapacityKwh?.message)}
        {...form.register('ratedCapacityKwh')}
      />
      <TextInput
        label={t('form.cellSpread')}
        inputMode="decimal"
        readOnly={readOnly}
        placeholder={t('form.cellSpreadDefault', { mv: ENERGY_RULES.defaultCellSpreadWarnMv })}
        data-testid="template-cellSpreadWarnMv"
        error={domainText(errors.cellSpreadWarnMv?.message)}
        {...form.register('cellSpreadWarnMv')}
      />
    </>
  );
}

/** The form's starting values from a template (or empty for a new one). */
export const templateDefaults = (template: VehicleTemplate | null): TemplateInput => ({
  name: template?.name ?? '',
  description: template?.description ?? '',
  fileId: template?.fileId ?? undefined,
  ratedCapacityKwh: template?.ratedCapacityKwh ?? '',
  cellSpreadWarnMv: template?.cellSpreadWarnMv ?? '',
});
