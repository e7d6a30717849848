import { imeiOf } from '@evfleet/domain';

/**
 * The IMEI of the benchmark's Teltonika tracker on vehicle `vehicle` (BENCH<vehicle>): 35 (a GSMA
 * reporting body, as real trackers carry), five zeros, the vehicle's number in 7 digits, then the
 * Luhn check digit (docs/devices.md).
 */
export const benchImei = (vehicle: number): string => imeiOf(`3500000${String(vehicle).padStart(7, '0')}`);
