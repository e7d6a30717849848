import { ENERGY_RULES, type templateCreateSchema, type VehicleTemplate } from '@evfleet/domain';
import { Avatar } from '@mantine/core';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormImageField } from '../../components/form/FormImageField';
import { TextFields } from '../../components/form/TextFields';

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
        <FormImageField
          control={form.control}
          name="fileId"
          label={t('form.image')}
          alt={t('form.imageAlt')}
          testId="template-image"
          round={false}
          initialData={template?.imageUrl ?? null}
          initialFileId={template?.fileId ?? undefined}
        />
      )}
      <TextFields
        form={form}
        required
        readOnly={readOnly}
        fields={[
          { name: 'name', label: t('form.name'), autofocus: true, testId: 'template-name' },
          { name: 'description', label: t('form.description'), kind: 'multiline', testId: 'template-description' },
        ]}
      />
      <TextFields
        form={form}
        readOnly={readOnly}
        fields={[
          {
            name: 'ratedCapacityKwh',
            label: t('form.ratedCapacity'),
            kind: 'decimal',
            description: t('form.ratedCapacityHint'),
            testId: 'template-ratedCapacityKwh',
          },
          {
            name: 'cellSpreadWarnMv',
            label: t('form.cellSpread'),
            kind: 'decimal',
            placeholder: t('form.cellSpreadDefault', { mv: ENERGY_RULES.defaultCellSpreadWarnMv }),
            testId: 'template-cellSpreadWarnMv',
          },
        ]}
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
