/**
 * The ingestion benchmarks' device reading: every stored signal and 32 cells, the battery charge
 * varying with `i` (bench/ingest.ts, bench/parse-hand-over.ts).
 */
const cells = Array.from({ length: 32 }, (_, i) => 3.2 + (i % 7) * 0.01);
export const reading = (ts: number, i: number) => ({
  ts,
  batteryCharge: 70 + (i % 20),
  packVoltage: 88.4,
  chargeStatus: 0,
  battery12v: 12.6,
  vehicleCurrent: 42.5,
  limpMode: 0,
  gear: 1,
  speed: 14.2,
  motorRpm: 2100,
  controllerTemp: 96,
  motorTemp: 118,
  odometer: 12450.3,
  daysNotCharged: 1,
  gpsLat: 41.8781,
  gpsLong: -87.6298,
  gpsSignal: 4,
  lteSignal: 3,
  milesToEmpty: 42,
  cabinTemp: 71,
  brakePressure: 12,
  motorCurrent: 140,
  throttle: 35,
  heading: 182,
  cellPackTemp: 88,
  cells,
});
