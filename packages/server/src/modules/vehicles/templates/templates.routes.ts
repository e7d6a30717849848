import { templateCreateSchema, templateUpdateSchema, vehicleTemplateSchema } from '@evfleet/domain';
import { ANY_SIGNED_IN, caller } from '../../../auth/guard.js';
import { resourceRoutes } from '../../../http/resource-routes.js';
import { thresholdRoutes } from '../thresholds/threshold-routes.js';
import type { TemplatesService } from './templates.service.js';

/** Part 2 §7 "Vehicle templates and files"; the image goes through POST api/file/upload first. */
export const templatesRoutes = (service: TemplatesService) =>
  resourceRoutes(
    service,
    {
      path: '/api/vehicle-templates',
      caller,
      item: vehicleTemplateSchema,
      create: templateCreateSchema,
      update: templateUpdateSchema,
      readers: ANY_SIGNED_IN,
      writers: ['ROLE_ADMIN'],
      list: { search: 'name', trailingSlash: true },
      // A template vehicles use is deleted with ?delete=true.
      deleted: { status: 200, force: true },
    },
    (app) =>
      thresholdRoutes(
        app,
        { base: '/api/vehicle-templates', uploadBase: '/api/vehicle-templates/upload' },
        service,
        vehicleTemplateSchema,
      ),
  );
