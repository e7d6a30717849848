import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
import type { AccountMails } from '../../mail/account-mails.js';
import { createDealersService } from '../dealers/dealers.service.js';
import { dealersRoutes } from '../dealers/dealers.routes.js';
import { createDriverVehiclesService } from '../drivers/driver-vehicles.service.js';
import { createDriversService } from '../drivers/drivers.service.js';
import { driversRoutes } from '../drivers/drivers.routes.js';
import { createFilesService } from '../files/files.service.js';
import { filesRoutes } from '../files/files.routes.js';
import { createFleetsService } from '../fleets/fleets.service.js';
import { fleetsRoutes } from '../fleets/fleets.routes.js';
import { createPasswordsService } from '../passwords/passwords.service.js';
import { passwordsRoutes } from '../passwords/passwords.routes.js';
import { createSuperUsersService } from '../super-users/super-users.service.js';
import { superUsersRoutes } from '../super-users/super-users.routes.js';
import { createVehicleAssignmentService } from '../vehicles/assignment/vehicle-assignment.service.js';
import { vehiclesRoutes } from '../vehicles/assignment/vehicle-assignment.routes.js';

interface Deps {
  db: Db;
  mails: AccountMails;
  mailQueued: () => void;
}

/** People and organisations (issue 5): dealers, fleets, drivers, super users, photos, passwords, assignment. */
export const peopleRoutes =
  (deps: Deps): FastifyPluginAsync =>
  async (app) => {
    const { db } = deps;
    await app.register(dealersRoutes(createDealersService(deps)));
    await app.register(fleetsRoutes(createFleetsService({ db })));
    await app.register(driversRoutes(createDriversService({ db }), createDriverVehiclesService({ db })));
    await app.register(superUsersRoutes(createSuperUsersService({ db })));
    await app.register(filesRoutes(createFilesService({ db })));
    await app.register(passwordsRoutes(createPasswordsService(deps)));
    await app.register(vehiclesRoutes(createVehicleAssignmentService({ db })));
  };
