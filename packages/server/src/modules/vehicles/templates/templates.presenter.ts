import { effectiveThresholds, type VehicleTemplate } from '@evfleet/domain';
import type { TemplateRow } from './templates.repository.js';

/** Exactly the fields of a template that leave the server; the image's bytes only when asked for. */
export const toTemplate = (r: TemplateRow, withData: boolean): VehicleTemplate => {
  const t = r.template;
  const base64 = r.bytes ? r.bytes.toString('base64') : null;
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    fileId: t.fileId,
    date: t.updatedAt.toISOString(),
    imageUrl: base64 && r.contentType ? `data:${r.contentType};base64,${base64}` : null,
    data: withData ? base64 : null,
    defaultTemplate: t.defaultTemplate,
    vehicleExist: r.vehicleExist,
    attributes: effectiveThresholds({ template: t.attributes }),
    ratedCapacityKwh: t.ratedCapacityKwh,
    cellSpreadWarnMv: t.cellSpreadWarnMv,
  };
};
