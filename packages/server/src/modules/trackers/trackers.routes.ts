import {
  COMMAND_STATUSES,
  commandSchema,
  commandWriteSchema,
  deviceProfileSchema,
  deviceProfileWriteSchema,
  trackerSchema,
  trackerWriteSchema,
} from '@evfleet/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ANY_SIGNED_IN, caller } from '../../auth/guard.js';
import { idParams } from '../../http/list-params.js';
import type { TrackersService } from './trackers.service.js';

const ADMIN = ['ROLE_ADMIN'] as const;
const unmappedSchema = z.array(
  z.object({
    vehicleId: z.number(),
    vehicleName: z.string(),
    io: z.number(),
    lastValue: z.number().nullable(),
    lastSeen: z.string(),
  }),
);

/** A vehicle's tracker and the device profiles its IO elements are read by (docs/devices.md). */
export const trackersRoutes =
  (service: TrackersService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/vehicles/:id/device',
      { config: { access: ANY_SIGNED_IN }, schema: { params: idParams, response: { 200: trackerSchema } } },
      (req) => service.tracker(caller(req), req.params.id),
    );
    // Administrators and the vehicle's dealer (mayManageTracker); the service checks which vehicle.
    app.put(
      '/api/vehicles/:id/device',
      {
        config: { access: ['ROLE_ADMIN', 'ROLE_DEALER'] },
        schema: { params: idParams, body: trackerWriteSchema, response: { 200: trackerSchema } },
      },
      (req) => service.setTracker(caller(req), req.params.id, req.body),
    );

    // Codec 12 commands: administrators and the vehicle's dealer, as for the tracker itself.
    app.get(
      '/api/vehicles/:id/commands',
      {
        config: { access: ['ROLE_ADMIN', 'ROLE_DEALER'] },
        schema: { params: idParams, response: { 200: z.array(commandSchema) } },
      },
      (req) => service.commands(caller(req), req.params.id),
    );
    app.post(
      '/api/vehicles/:id/commands',
      {
        config: { access: ['ROLE_ADMIN', 'ROLE_DEALER'] },
        schema: {
          params: idParams,
          body: commandWriteSchema,
          response: { 202: z.object({ id: z.number(), status: z.enum(COMMAND_STATUSES) }) },
        },
      },
      async (req, reply) => reply.status(202).send(await service.sendCommand(caller(req), req.params.id, req.body)),
    );

    app.get(
      '/api/device-profiles',
      { config: { access: ANY_SIGNED_IN }, schema: { response: { 200: z.array(deviceProfileSchema) } } },
      (req) => service.profiles(caller(req)),
    );
    app.post(
      '/api/device-profiles',
      { config: { access: ADMIN }, schema: { body: deviceProfileWriteSchema, response: { 201: deviceProfileSchema } } },
      async (req, reply) => reply.status(201).send(await service.createProfile(caller(req), req.body)),
    );
    app.get(
      '/api/device-profiles/:id',
      { config: { access: ANY_SIGNED_IN }, schema: { params: idParams, response: { 200: deviceProfileSchema } } },
      (req) => service.profile(caller(req), req.params.id),
    );
    app.put(
      '/api/device-profiles/:id',
      {
        config: { access: ADMIN },
        schema: { params: idParams, body: deviceProfileWriteSchema, response: { 200: deviceProfileSchema } },
      },
      (req) => service.updateProfile(caller(req), req.params.id, req.body),
    );
    app.delete('/api/device-profiles/:id', { config: { access: ADMIN }, schema: { params: idParams } }, async (req) => {
      await service.deleteProfile(caller(req), req.params.id);
      return {};
    });
    app.get(
      '/api/device-profiles/:id/unmapped',
      { config: { access: ADMIN }, schema: { params: idParams, response: { 200: unmappedSchema } } },
      (req) => service.unmapped(caller(req), req.params.id),
    );
  };
