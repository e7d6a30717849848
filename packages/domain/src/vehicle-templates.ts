import { z } from 'zod';
import { id, optionalId, requiredText } from './people-fields.js';
import { alertAttributeSchema } from './thresholds.js';
import { alertAttributesSchema } from './threshold-checks.js';
import { cellSpreadWarnMvSchema, ratedCapacityKwhSchema } from './battery-settings.js';

export const TEMPLATE_TEXTS = {
  listTitle: 'Vehicle Configuration Template',
  addTitle: 'Add Vehicle Configuration Template',
  detailTitle: 'Vehicle Configuration Template Details',
  configure: 'Configure Template',
  created: 'Vehicle Template Created Successfully',
  deleted: 'Vehicle Template Deleted Successfully',
  /** Not in the spec's catalogue (the detail's save had no toast); the portal confirms it. */
  updated: 'Vehicle Template Updated Successfully',
  uploaded: 'Upload File Successfully.',
  uploadFailed: 'Upload File Failed.',
  noFile: 'Please select an Excel file to upload !!',
} as const;

export const TEMPLATE_MESSAGES = {
  name: 'Template Name can not be empty!',
  description: 'Template Description can not be empty!',
  /** A default template is built in: the server refuses to change or delete it. */
  defaultLocked: 'A default template cannot be changed or deleted.',
} as const;

/** POST api/vehicle-templates (the 'Add' modal): name, description, an uploaded image's id. */
export const templateCreateSchema = z.object({
  name: requiredText(TEMPLATE_MESSAGES.name),
  description: requiredText(TEMPLATE_MESSAGES.description, 2000),
  fileId: optionalId,
  /** Absent: the default thresholds of §5. */
  attributes: alertAttributesSchema.optional(),
  /** Null or absent: its vehicles name their own (or have none). */
  ratedCapacityKwh: ratedCapacityKwhSchema,
  /** Null or absent: ENERGY_RULES.defaultCellSpreadWarnMv. */
  cellSpreadWarnMv: cellSpreadWarnMvSchema,
});
export type TemplateCreate = z.infer<typeof templateCreateSchema>;

/**
 * PUT api/vehicle-templates: the whole template; absent attributes keep the current ones, an absent
 * rated capacity or cell spread warning clears it (the form drops empty values before sending).
 */
export const templateUpdateSchema = templateCreateSchema.extend({ id });
export type TemplateUpdate = z.infer<typeof templateUpdateSchema>;

/** A template as the list and the detail receive it (§3). */
export const vehicleTemplateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  fileId: z.number().int().nullable(),
  /** Updated at, ISO. */
  date: z.string(),
  /** The image as a data: URL for an <img src>, or null. */
  imageUrl: z.string().nullable(),
  /** The image's base64 bytes: in GET api/vehicle-templates/{id} only (null in lists). */
  data: z.string().nullable(),
  defaultTemplate: z.boolean(),
  /** Vehicles use it (its delete needs the force flag). */
  vehicleExist: z.boolean(),
  /** Never empty: a template without its own shows the defaults. */
  attributes: z.array(alertAttributeSchema),
  /** The rated capacity (kWh) of its vehicles that name none; null: not set. */
  ratedCapacityKwh: z.number().nullable(),
  /** Its cell spread warning (mV); null: the default (effectiveCellSpreadWarnMv). */
  cellSpreadWarnMv: z.number().nullable(),
});
export type VehicleTemplate = z.infer<typeof vehicleTemplateSchema>;

/** The answer of a spreadsheet upload: status 'OK' means success (§7), with the thresholds now in force. */
export const sheetUploadResultSchema = z.object({ status: z.literal('OK'), attributes: z.array(alertAttributeSchema) });
export type SheetUploadResult = z.infer<typeof sheetUploadResultSchema>;
