import { z } from 'zod';
import { unknownPlaceholders } from './alert-placeholders.js';
import { DEFAULT_PAGE_SIZE, intParam, MAX_PAGE_SIZE } from './paging.js';
import { id } from './people-fields.js';
import { signalName } from './signal-dictionary.js';
import { CELL_VOLTAGE_RANGE, SIGNAL_RANGES } from './signals.js';
import {
  ADMIN_ONLY,
  ALL_ROLES,
  booleanField,
  dateTimeField,
  defineRecord,
  emailItem,
  enumField,
  longTextField,
  optionalEnumField,
  phoneItem,
  shown,
  signalField,
  textField,
  textListField,
  vehicleField,
  vehiclesField,
} from './record-fields.js';
import { METRIC_NAMES, type MetricName } from './thresholds.js';

/**
 * The five generic record entities (part 2 §2 "Generic record screens", §3, §7; meanings in
 * docs/records.md). Readers are scoped by the server; only administrators write.
 */

// ---- car
export const carRecord = defineRecord({
  key: 'car',
  api: '/api/cars',
  title: 'Cars',
  entity: 'Car',
  emptyText: 'No Cars found',
  id,
  fields: { name: textField('Name') },
  columns: ['name'],
  sortable: ['id', 'name'],
  readers: ALL_ROLES,
  writers: ADMIN_ONLY,
});

/** Alert metrics by their dictionary names, for the fields that hold a metric's key. */
const METRIC_LABELS = Object.fromEntries(METRIC_NAMES.map((name) => [name, signalName(name)]));

// ---- email template
export const ALERT_TEMPLATE_TYPES = ['WARNING', 'SEVERE'] as const;
const templateText = longTextField('Template');
export const emailTemplateRecord = defineRecord({
  key: 'email-template',
  api: '/api/email-templates',
  title: 'Email Templates',
  entity: 'Email Template',
  emptyText: 'No Email Templates found',
  id,
  fields: {
    template: {
      ...templateText,
      hint: 'Placeholders: {vehicleName} {vin} {metric} {value} {unit} {band} {time}',
      write: templateText.write.superRefine((text, ctx) => {
        const unknown = text ? unknownPlaceholders(text) : [];
        if (unknown.length)
          ctx.addIssue({ code: 'custom', message: `Unknown placeholder: ${unknown.map((p) => `{${p}}`).join(', ')}` });
      }),
    },
    type: enumField('Type', ALERT_TEMPLATE_TYPES, 'WARNING'),
    attributeName: {
      ...optionalEnumField('Attribute', METRIC_NAMES as [MetricName, ...MetricName[]]),
      optionLabels: METRIC_LABELS,
      hint: 'Empty: every attribute without a template of its own',
    },
  },
  columns: ['template', 'type', 'attributeName'],
  sortable: ['id', 'type', 'attributeName'],
  readers: ALL_ROLES,
  writers: ADMIN_ONLY,
});

// ---- notification (named recipient lists; api/notification-lists so it never meets GET api/notifications)
export const notificationRecord = defineRecord({
  key: 'notification',
  api: '/api/notification-lists',
  title: 'Notifications',
  entity: 'Notification',
  emptyText: 'No Notifications found',
  id,
  fields: {
    name: textField('Name'),
    emails: { ...textListField('Emails', emailItem), hint: 'One address per line' },
    smsNumbers: { ...textListField('SMS Numbers', phoneItem), hint: 'One number per line' },
    vehicles: { ...vehiclesField('Vehicles'), hint: "These vehicles' alerts also go to this list" },
  },
  columns: ['name'],
  sortable: ['id', 'name'],
  readers: ALL_ROLES,
  writers: ADMIN_ONLY,
});

// ---- vehicle log (the warning log, seen and completed by administrators)
export const VEHICLE_LOG_TYPES = ['WARNING', 'SEVERE', 'GOOD'] as const;
export type VehicleLogType = (typeof VEHICLE_LOG_TYPES)[number];
export const vehicleLogRecord = defineRecord({
  key: 'vehicle-log',
  api: '/api/vehicle-logs',
  title: 'Vehicle Logs',
  entity: 'Vehicle Log',
  emptyText: 'No Vehicle Logs found',
  id,
  fields: {
    logTime: { ...dateTimeField('Log Time'), hint: 'Empty: now' },
    warningType: enumField('Warning Type', VEHICLE_LOG_TYPES, 'WARNING'),
    message: longTextField('Message', 2000),
    vehicle: vehicleField('Vehicle', true),
    attributeName: { ...shown('text', 'Attribute', z.string()), optionLabels: METRIC_LABELS },
    value: shown('number', 'Value', z.number().nullable()),
    manual: shown('boolean', 'Entered by hand', z.boolean()),
  },
  columns: ['logTime', 'warningType', 'message', 'vehicle'],
  sortable: ['logTime', 'id'],
  vehicleFilter: 'optional',
  readers: ALL_ROLES,
  writers: ADMIN_ONLY,
});

// ---- vehicle CAN (a reading of the CAN history; id = '{vehicleId}-{epoch ms}')
export const VEHICLE_CAN_ID = /^(\d{1,10})-(\d{1,15})$/;
export const vehicleCanId = (vehicleId: number, ts: number) => `${vehicleId}-${ts}`;
export function parseVehicleCanId(value: string): { vehicleId: number; ts: number } | null {
  const m = VEHICLE_CAN_ID.exec(value);
  return m ? { vehicleId: Number(m[1]), ts: Number(m[2]) } : null;
}
/** bt1 … bt27: battery cell voltages, cells 1 to 27 of the reading (named 'Cell 1' … by the signal dictionary). */
export const VEHICLE_CAN_CELLS = 27;
type CellNumber =
  | 1
  | 2
  | 3
  | 4
  | 5
  | 6
  | 7
  | 8
  | 9
  | 10
  | 11
  | 12
  | 13
  | 14
  | 15
  | 16
  | 17
  | 18
  | 19
  | 20
  | 21
  | 22
  | 23
  | 24
  | 25
  | 26
  | 27;
const cellFields = Object.fromEntries(
  Array.from({ length: VEHICLE_CAN_CELLS }, (_, i) => [`bt${i + 1}`, signalField(`bt${i + 1}`, CELL_VOLTAGE_RANGE)]),
) as Record<`bt${CellNumber}`, ReturnType<typeof signalField>>;

/** Each number in the range of the signal it is stored as (server: vehicle-can-fields.ts), so the form refuses what ingestion would. */
export const vehicleCanRecord = defineRecord({
  key: 'vehicle-can',
  api: '/api/vehicle-cans',
  title: 'Vehicle CAN Records',
  entity: 'Vehicle CAN Record',
  emptyText: 'No Vehicle CAN Records found',
  id: z.string().regex(VEHICLE_CAN_ID, 'must be a reading id {vehicleId}-{epoch milliseconds}'),
  fields: {
    recordedTime: { ...dateTimeField('Recorded Time'), hint: 'Empty: now' },
    vehicle: vehicleField('Vehicle', true),
    batteryCharged: signalField('batteryCharged', SIGNAL_RANGES.batteryCharge),
    chargeStatus: { ...booleanField(signalName('chargeStatus')), hint: 'Ticked while the vehicle is charging.' },
    milesToEmpty: signalField('milesToEmpty', SIGNAL_RANGES.milesToEmpty),
    mpge: signalField('mpge'),
    lastCharged: signalField('lastCharged', SIGNAL_RANGES.daysNotCharged),
    odometer: signalField('odometer', SIGNAL_RANGES.odometer),
    houseBattery: signalField('houseBattery', SIGNAL_RANGES.battery12v),
    tco: signalField('tco'),
    packVoltage: signalField('packVoltage', SIGNAL_RANGES.packVoltage),
    avgCellTemp: signalField('avgCellTemp', SIGNAL_RANGES.cellPackTemp),
    cellVoltage: signalField('cellVoltage', CELL_VOLTAGE_RANGE),
    cellTemp: signalField('cellTemp', SIGNAL_RANGES.cellPackTemp),
    battryCurrent: signalField('battryCurrent', SIGNAL_RANGES.vehicleCurrent),
    motorCurrent: signalField('motorCurrent', SIGNAL_RANGES.motorCurrent),
    motorRpm: signalField('motorRpm', SIGNAL_RANGES.motorRpm),
    motorTemp: signalField('motorTemp', SIGNAL_RANGES.motorTemp),
    controllerTemp: signalField('controllerTemp', SIGNAL_RANGES.controllerTemp),
    cabinTemp: signalField('cabinTemp', SIGNAL_RANGES.cabinTemp),
    ...cellFields,
    latitude: signalField('latitude', SIGNAL_RANGES.gpsLat),
    longitude: signalField('longitude', SIGNAL_RANGES.gpsLong),
  },
  columns: ['recordedTime', 'vehicle', 'batteryCharged', 'packVoltage', 'odometer', 'chargeStatus'],
  sortable: ['recordedTime'],
  vehicleFilter: 'required',
  readers: ALL_ROLES,
  writers: ADMIN_ONLY,
});

/** Every record entity, by route key: what the web's generic screens iterate over. */
export const RECORDS = {
  car: carRecord,
  'email-template': emailTemplateRecord,
  notification: notificationRecord,
  'vehicle-log': vehicleLogRecord,
  'vehicle-can': vehicleCanRecord,
} as const;

export type NotificationRecord = z.infer<typeof notificationRecord.schema>;
export type NotificationWrite = z.infer<typeof notificationRecord.writeSchema>;
export type VehicleLogRecord = z.infer<typeof vehicleLogRecord.schema>;
export type VehicleLogWrite = z.infer<typeof vehicleLogRecord.writeSchema>;
export type VehicleCanRecord = z.infer<typeof vehicleCanRecord.schema>;
export type VehicleCanWrite = z.infer<typeof vehicleCanRecord.writeSchema>;

/**
 * Lists: JHipster paging (page, size, sort=key,asc|desc) with the total in x-total-count, like
 * api/users (default size 10, §9); cacheBuster is accepted and ignored (§7).
 */
export const recordListQuerySchema = z.object({
  page: intParam(0, 1_000_000),
  size: intParam(DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE).pipe(z.number().min(1, 'Min')),
  sort: z
    .string()
    .max(60, 'Max')
    .regex(/^[A-Za-z0-9]+(,(asc|desc))?$/, 'must be key,asc or key,desc')
    .optional(),
  cacheBuster: z.string().max(40, 'Max').optional(),
  vehicleId: id.optional(),
});
export type RecordListQuery = z.infer<typeof recordListQuerySchema>;
export const RECORD_TOTAL_HEADER = 'x-total-count';

/** Vehicles a reference field offers: GET api/record-vehicles?search= (the caller's scope, 20 at most). */
export const RECORD_VEHICLES_API = '/api/record-vehicles';
export const recordVehicleOptionSchema = z.object({ id: z.number().int(), name: z.string(), vin: z.string() });
export type RecordVehicleOption = z.infer<typeof recordVehicleOptionSchema>;
