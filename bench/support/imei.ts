/**
 * The IMEI of the benchmark's Teltonika tracker on vehicle `vehicle` (BENCH<vehicle>): 35 (a GSMA
 * reporting body, as real trackers carry), five zeros, the vehicle's number in 7 digits, then the
 * Luhn check digit (docs/devices.md).
 */
export function benchImei(vehicle: number): string {
  const body = `3500000${String(vehicle).padStart(7, '0')}`;
  let sum = 0;
  // From the right of the 14 digits, every first, third, … is doubled (it is every second of the 15).
  for (let i = 0; i < 14; i++) {
    let d = body.charCodeAt(13 - i) - 48;
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}
