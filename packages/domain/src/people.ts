import { z } from 'zod';
import {
  emailText,
  id,
  idAndName,
  mobileText,
  optionalId,
  requiredId,
  requiredText,
  superUserEmail,
} from './people-fields.js';
import type { Role } from './roles.js';

export const PEOPLE_TEXTS = {
  driverCreated: 'Driver Created Successfully',
  driverUpdated: 'Driver Updated Successfully',
  driverDeleted: 'Driver deleted successfully',
  vehicleAssigned: 'Vehicle assigned successfully',
  vehicleUnassigned: 'Vehicle unassigned successfully',
  passwordUpdated: 'password updated Successfully',
  fleetDeleted: 'Fleet Deleted Successfully',
  dealerCreated: 'Dealer Created Successfully',
  dealerUpdated: 'Dealer Updated Successfully',
  dealerDeleted: 'Dealer deleted successfully',
  fleetVehicleAssigned: 'Vehicle Assigned Successfully',
  fleetVehicleUnassigned: 'Vehicle Unassigned Successfully',
  userDeleted: 'User deleted successfully',
  unassignConfirm: 'Are you sure you want to Unassign following vehicles:',
  verificationOn: 'Verification is enabled.',
  verificationOff: 'Verification is disabled.',
  /** Not in the spec (its 'Send Link' was not wired); the portal confirms the mail went out. */
  resetLinkSent: 'Reset link sent.',
} as const;

/**
 * Who may change what on the people screens (docs/permissions.md): the roles the server's route
 * guards admit, so the web offers no button whose call would be refused (a 403 signs the user out).
 */
export const PEOPLE_WRITERS = {
  drivers: ['ROLE_ADMIN', 'ROLE_DEALER', 'ROLE_FLEET'],
  fleets: ['ROLE_ADMIN', 'ROLE_DEALER'],
  dealers: ['ROLE_ADMIN'],
  superUsers: ['ROLE_ADMIN'],
  /** update-password-prototype and send-reset-link. */
  passwords: ['ROLE_ADMIN', 'ROLE_DEALER', 'ROLE_FLEET'],
  /** PATCH api/vehicle/assign. */
  fleetVehicles: ['ROLE_ADMIN', 'ROLE_DEALER'],
} as const satisfies Record<string, readonly Role[]>;

/**
 * §5's mobile length messages as the spec writes them ("name" although it means the number).
 * mobileText builds the same texts from its limits; these literals keep them findable (spec-texts).
 */
const DRIVER_MOBILE = { min: 10, max: 15, message: 'Your name must be between 10 and 15 characters' };
const DEALER_MOBILE = { min: 10, max: 14, message: 'Your name must be between 10 and 14 characters' };

/** What every person and organisation of part 1 answers with first: its id, name and email. */
const personSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
});

// ---- drivers (part 1 §2.4, §3, §5)
export const driverWriteSchema = z.object({
  id: optionalId,
  name: requiredText('Driver Name can not be empty!'),
  email: emailText('Enter Email can not be empty!'),
  mobile: mobileText('Mobile number can not be empty', DRIVER_MOBILE),
  address: requiredText('Address can not be empty!', 500),
  fleetId: requiredId('Fleet Name can not be empty!'),
  dbFileId: optionalId,
  status: z.boolean().default(true),
});
export type DriverWrite = z.infer<typeof driverWriteSchema>;

export const driverSchema = personSchema.extend({
  mobile: z.string(),
  address: z.string(),
  fleetId: z.number().int().nullable(),
  fleetName: z.string().nullable(),
  dbFileId: z.number().int().nullable(),
  data: z.string().nullable(),
  status: z.boolean(),
  vehicleExist: z.boolean(),
});
export type Driver = z.infer<typeof driverSchema>;

// ---- fleets (part 1 §2.5)
export const fleetWriteSchema = z.object({
  id: optionalId,
  name: requiredText('Fleet Name can not be empty!'),
  email: emailText('Fleet Email can not be empty!'),
  dealerId: requiredId('Dealer Name can not be empty!'),
  status: z.boolean().default(true),
});
export type FleetWrite = z.infer<typeof fleetWriteSchema>;

export const fleetSchema = personSchema.extend({
  dealerId: z.number().int(),
  dealerName: z.string(),
  dealerEmail: z.string(),
  status: z.boolean(),
  driverIdANdName: z.array(idAndName),
  vehicleIdAndName: z.array(idAndName),
});
export type Fleet = z.infer<typeof fleetSchema>;

// ---- dealers (part 1 §2.7)
export const DEALER_ADDRESS = 'Default';
const dealerPassword = z
  .string({ error: 'Password is required.' })
  .min(1, { message: 'Password can not be empty', abort: true })
  .min(7, 'Password strength must be at least 7 characters')
  .max(50, 'Max');

const dealerBase = z.object({
  id: optionalId,
  name: requiredText('Dealer Name can not be empty!'),
  email: emailText('Email can not be empty!'),
  mobileNumber: mobileText('Mobile Number can not be empty!', DEALER_MOBILE),
  company: requiredText('Company Name can not be empty!'),
  address: z.string().max(500).default(DEALER_ADDRESS),
  activation: z.boolean().default(false),
  /** An existing sign-in account to link; without one a ROLE_DEALER account is created. */
  userId: optionalId,
});
/** The form: a password always (§5). */
export const dealerFormSchema = dealerBase.extend({ password: dealerPassword });
/** The server: a password on create; on update an absent one keeps the current password. */
export const dealerWriteSchema = dealerBase.extend({ password: dealerPassword.optional() });
export type DealerWrite = z.infer<typeof dealerWriteSchema>;

export const dealerSchema = personSchema.extend({
  mobileNumber: z.string(),
  company: z.string(),
  address: z.string(),
  activation: z.boolean(),
  userId: z.number().int().nullable(),
  existFleetANdVehicles: z.boolean(),
  existFleets: z.boolean(),
  existVehicles: z.boolean(),
  fleetIdANdName: z.array(idAndName),
  vehicleIdANdName: z.array(idAndName),
});
export type Dealer = z.infer<typeof dealerSchema>;

/** §5: 7 to 15 characters of lowercase letters, digits 1-9 and ! @ # _, shuffled. */
export function generateDealerPassword(random: () => number = Math.random): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz123456789!@#_';
  const length = 7 + Math.floor(random() * 9);
  const chars = Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}

// ---- super users (part 1 §2.8)
const superUserBase = z.object({
  id: optionalId,
  name: requiredText('User Name can not be empty!'),
  email: superUserEmail,
  mobileNumber: mobileText('Mobile Number can not be empty!', DEALER_MOBILE),
  address: requiredText('Address can not be empty!', 500),
});
const superUserPassword = z
  .string({ error: 'Please enter your password' })
  .min(1, { message: 'Password can not be empty!', abort: true })
  .min(6, 'Minimum length of 6 characters required')
  .max(50, 'Max');
export const superUserCreateSchema = superUserBase.extend({ password: superUserPassword });
export const superUserUpdateSchema = superUserBase.extend({ id, password: superUserPassword.optional() });
export type SuperUserWrite = z.infer<typeof superUserUpdateSchema>;

export const superUserSchema = personSchema.extend({
  mobileNumber: z.string(),
  address: z.string(),
  userId: z.number().int().nullable(),
});
export type SuperUser = z.infer<typeof superUserSchema>;

// ---- passwords set by an administrator (§2.6, update-password-prototype)
export const passwordResetFormSchema = z.object({
  newPassword: z.string().min(1, 'password can not be empty!').max(50, 'Max'),
  confirmNewPassword: z.string().min(1, 'Confirm password can not be empty!').max(50, 'Max'),
  email: z.string().max(254),
});
/** The dialog does not check matching (§5); the server does, since a mismatch is never intended. */
export const passwordResetRequestSchema = passwordResetFormSchema
  .extend({ newPassword: z.string().min(6, 'Minimum length of 6 characters required').max(50, 'Max') })
  .refine((v) => v.newPassword === v.confirmNewPassword, {
    message: 'The password and its confirmation do not match!',
    path: ['confirmNewPassword'],
  });

/** The 'Email' tab of the reset-password dialog: where the reset link goes (api/account/send-reset-link?mail). */
export const resetLinkFormSchema = z.object({ email: emailText('Email can not be empty!') });

// ---- vehicles as the assignment grids show them (§3)
/** A vehicle as every list names it: its id, name and VIN. */
export const vehicleIdentitySchema = z.object({ id: z.number().int(), name: z.string(), vin: z.string() });
export const vehicleRefSchema = vehicleIdentitySchema.extend({ status: z.boolean() });
export type VehicleRef = z.infer<typeof vehicleRefSchema>;

export const fileSchema = z.object({ id: z.number().int(), data: z.string() });
export const IMAGE_TYPES = ['jpeg', 'jpg', 'png', 'gif', 'psd', 'tiff'] as const;
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

// ---- vehicle assignment to fleets (part 1 §7, part 2 §7)
/** One entry of PATCH api/vehicle/assign: the vehicles to (un)assign for one fleet. */
export const fleetAssignmentSchema = z.object({
  fleetId: id,
  vehicleIds: z.array(id).min(1, 'At least one vehicle is required.').max(1000, 'Max'),
});
export type FleetAssignment = z.infer<typeof fleetAssignmentSchema>;
/** The body: vehicle ids (with ?fleetId=) or a list of fleet entries. */
export const vehicleAssignBodySchema = z.union([
  z.array(id).max(1000, 'Max'),
  z.array(fleetAssignmentSchema).max(100, 'Max'),
]);
export type VehicleAssignBody = z.infer<typeof vehicleAssignBodySchema>;
