import type { IoMapping } from '@evfleet/domain';

/**
 * Where each IO element is documented: the sections of Teltonika's own AVL ID tables on
 * wiki.teltonika-gps.com. Every FMB/FMC model page ("FMB140 Teltonika Data Sending Parameters ID",
 * "FMC150 …", "FMC003 …") is built from one shared template, so an id means the same on all of them.
 */
const FMB_AVL_IDS = 'Teltonika wiki, Teltonika Data Sending Parameters ID (FMB AVL ID list)';
const PERMANENT = `${FMB_AVL_IDS}, Permanent I/O elements`;
/** Read from an LV-CAN200, ALL-CAN300 or CAN-CONTROL adapter (FMB140, FMx640/650, FMx1xx with adapter). */
const CAN_ADAPTERS = `${FMB_AVL_IDS}, CAN adapters elements`;
/** Read by the CAN chip built into the FMx150/FMx250. */
const CAN_CHIP = 'Teltonika wiki, Template:CAN I/O standard elements (FMx150/FMx250 CAN chip)';
/** Elements the adapters and the FMx150 chip both send, under the same id. */
const CAN_BOTH = `${CAN_ADAPTERS} and Template:CAN I/O standard elements`;
/** Read from the OBD port by the FMx001/FMx003 OBD trackers (standard PIDs). */
const OBD = `${FMB_AVL_IDS}, OBD elements`;
/** Read from the OBD port by the FMx001/FMx003 OBD trackers (vehicle-specific PIDs). */
const OBD_OEM = `${FMB_AVL_IDS}, OBD OEM elements`;

const M_TO_MI = 1 / 1609.344;
const KM_TO_MI = 1 / 1.609344;
/** km/h to mph is the same ratio as km to mi. */
const KMH_TO_MPH = KM_TO_MI;
/** °C to °F; a raw value in tenths of a degree takes a tenth of the scale. */
const C_TO_F = { scale: 1.8, offset: 32 };
const DECI_C_TO_F = { scale: 0.18, offset: 32 };

/**
 * The built-in device profile for Teltonika FMB/FMC trackers: how the IO elements of an AVL record
 * (Codec 8 / 8 Extended) become evfleet signals, value = raw × scale + offset, raw read as two's
 * complement when `signed`. Every id, size, signedness and raw unit comes from Teltonika's AVL ID
 * tables named in `source`; evfleet's units (mph, mi, °F) come from signals.ts.
 *
 * A tracker sends only the elements its hardware has: the permanent elements come from every
 * FMB/FMC, the CAN elements only with a CAN adapter or the FMx150 CAN chip, the OBD ones only from an
 * OBD tracker. Ids of different hardware may therefore share a signal (152 and 411 are both the
 * traction battery's charge) without ever competing in one record.
 *
 * Left out on purpose: 24 (GNSS speed, already in the record's GPS element) and ids whose unit or
 * meaning Teltonika's tables leave unclear, such as 168 (ALL-CAN300 "Battery Voltage", listed in V
 * with a 0–6553 range that older tables give as V × 10) and 57 (OBD "Hybrid battery pack remaining
 * life", which could be read as charge or as health).
 */
export const BUILTIN_TELTONIKA_PROFILE: { name: string; mappings: IoMapping[] } = {
  name: 'Teltonika FMB/FMC (built-in)',
  mappings: [
    // ── Permanent I/O elements: every FMB/FMC sends these. ──
    {
      io: 16,
      signal: 'odometer',
      scale: M_TO_MI,
      offset: 0,
      signed: false,
      source: `${PERMANENT}: Total Odometer (4 B unsigned, m; the tracker's own GNSS-counted odometer)`,
    },
    {
      io: 199,
      signal: 'tripOdometer',
      scale: M_TO_MI,
      offset: 0,
      signed: false,
      source: `${PERMANENT}: Trip Odometer (4 B unsigned, m)`,
    },
    {
      io: 66,
      signal: 'battery12v',
      scale: 0.001,
      offset: 0,
      signed: false,
      // The tracker is powered from the vehicle's 12 V system, so its supply voltage is that battery's.
      source: `${PERMANENT}: External Voltage (2 B unsigned, ×0.001 V)`,
    },
    {
      io: 21,
      signal: 'lteSignal',
      scale: 1,
      offset: 0,
      signed: false,
      source: `${PERMANENT}: GSM Signal (1 B unsigned, 0–5)`,
    },
    {
      io: 239,
      signal: 'ignition',
      scale: 1,
      offset: 0,
      signed: false,
      source: `${PERMANENT}: Ignition (1 B unsigned, 0 off, 1 on)`,
    },
    {
      io: 240,
      signal: 'movement',
      scale: 1,
      offset: 0,
      signed: false,
      source: `${PERMANENT}: Movement (1 B unsigned, 0 off, 1 on)`,
    },
    {
      io: 69,
      // Not `gpsSignal`: Teltonika's values are states (0 off, 1 fix, 2 no fix, 3 sleep), not a 0–6 quality.
      signal: 'gnssStatus',
      scale: 1,
      offset: 0,
      signed: false,
      source: `${PERMANENT}: GNSS Status (1 B unsigned, 0 off, 1 on with fix, 2 on without fix, 3 sleep)`,
    },
    {
      io: 67,
      signal: 'trackerBatteryVoltage',
      scale: 0.001,
      offset: 0,
      signed: false,
      source: `${PERMANENT}: Battery Voltage (2 B unsigned, ×0.001 V; the tracker's internal battery)`,
    },
    {
      io: 68,
      signal: 'trackerBatteryCurrent',
      scale: 0.001,
      offset: 0,
      signed: false,
      source: `${PERMANENT}: Battery Current (2 B unsigned, ×0.001 A; the tracker's internal battery)`,
    },
    {
      io: 113,
      // The tracker's backup battery, not the vehicle's: kept apart from `batteryCharge`.
      signal: 'trackerBatteryLevel',
      scale: 1,
      offset: 0,
      signed: false,
      source: `${PERMANENT}: Battery Level (1 B unsigned, 0–100 %; the tracker's internal battery)`,
    },

    // ── CAN: LV-CAN200 / ALL-CAN300 / CAN-CONTROL adapters and the FMx150 CAN chip. ──
    {
      io: 81,
      // The vehicle's own wheel-based speed: where a tracker sends it, it is truer than the GNSS speed.
      signal: 'speed',
      scale: KMH_TO_MPH,
      offset: 0,
      signed: false,
      source: `${CAN_BOTH}: Vehicle Speed (1 B unsigned, km/h)`,
    },
    {
      io: 82,
      signal: 'throttle',
      scale: 1,
      offset: 0,
      signed: false,
      source: `${CAN_ADAPTERS}: Accelerator Pedal Position (1 B unsigned, 0–102 %)`,
    },
    {
      io: 85,
      // On an electric vehicle the adapter's "engine" speed is the drive motor's.
      signal: 'motorRpm',
      scale: 1,
      offset: 0,
      signed: false,
      source: `${CAN_ADAPTERS}: Engine RPM (2 B unsigned, rpm)`,
    },
    {
      io: 87,
      // The vehicle's dashboard odometer, a different measurement from the tracker's GNSS odometer (16),
      // so it gets a signal of its own rather than competing with `odometer`.
      signal: 'vehicleOdometer',
      scale: M_TO_MI,
      offset: 0,
      signed: false,
      source: `${CAN_BOTH}: Total Mileage (4 B unsigned, m)`,
    },
    {
      io: 115,
      // Teltonika documents it as engine (coolant) temperature, which need not be the drive motor's,
      // so it is not `motorTemp`; stored in °F like every evfleet temperature.
      signal: 'engineTemp',
      ...DECI_C_TO_F,
      signed: true,
      source: `${CAN_BOTH}: Engine Temperature (2 B signed, ×0.1 °C)`,
    },
    {
      io: 151,
      signal: 'cellPackTemp',
      ...DECI_C_TO_F,
      signed: true,
      source: `${CAN_ADAPTERS}: Battery Temperature (2 B signed, ×0.1 °C)`,
    },
    {
      io: 152,
      signal: 'batteryCharge',
      scale: 1,
      offset: 0,
      signed: false,
      source: `${CAN_ADAPTERS}: HV Battery Level (1 B unsigned, 0–100 %); also Teltonika CAN-CONTROL manual, Table 5`,
    },
    {
      io: 304,
      signal: 'milesToEmpty',
      scale: M_TO_MI,
      offset: 0,
      signed: false,
      source: `${CAN_ADAPTERS}: Vehicles Range On Battery (4 B unsigned, m)`,
    },
    {
      io: 866,
      // The FMx150 chip's range estimate; Teltonika describes it as the distance left on the tank or battery.
      signal: 'milesToEmpty',
      scale: KM_TO_MI,
      offset: 0,
      signed: false,
      source: `${CAN_CHIP}: Remaining distance (4 B unsigned, km)`,
    },
    {
      io: 902,
      signal: 'readyToDrive',
      scale: 1,
      offset: 0,
      signed: false,
      source: `${CAN_ADAPTERS}: SSF Ready To Drive (1 B unsigned, 0 no, 1 yes)`,
    },
    {
      io: 914,
      // Plugged is not charging (a full or scheduled car stays plugged), so it is not `chargeStatus`.
      signal: 'chargingCablePlugged',
      scale: 1,
      offset: 0,
      signed: false,
      source: `${CAN_ADAPTERS}: SSF Charging Wire Plugged (1 B unsigned, 0 unplugged, 1 plugged)`,
    },
    {
      io: 915,
      signal: 'chargeStatus',
      scale: 1,
      offset: 0,
      signed: false,
      source: `${CAN_ADAPTERS}: SSF Battery Charging (1 B unsigned, 0 not charging, 1 charging)`,
    },
    {
      io: 916,
      signal: 'electricEngineOn',
      scale: 1,
      offset: 0,
      signed: false,
      source: `${CAN_ADAPTERS}: SSF Electric Engine State (1 B unsigned, 0 off, 1 on)`,
    },

    // ── OBD: FMx001/FMx003 trackers in the vehicle's diagnostic port. ──
    {
      io: 37,
      signal: 'speed',
      scale: KMH_TO_MPH,
      offset: 0,
      signed: false,
      source: `${OBD}: Vehicle Speed (1 B unsigned, km/h)`,
    },
    {
      io: 543,
      signal: 'packVoltage',
      scale: 1,
      offset: 0,
      signed: false,
      source: `${OBD}: Hybrid System Voltage (2 B unsigned, 0–1024 V)`,
    },
    {
      io: 544,
      // Teltonika does not say which sign means charging, so it is not `vehicleCurrent`
      // (positive while the pack discharges).
      signal: 'hybridSystemCurrent',
      scale: 1,
      offset: 0,
      signed: true,
      source: `${OBD}: Hybrid System Current (2 B signed, A)`,
    },
    {
      io: 389,
      // The vehicle's own odometer like 87, read over OBD instead of a CAN adapter.
      signal: 'vehicleOdometer',
      scale: KM_TO_MI,
      offset: 0,
      signed: false,
      source: `${OBD_OEM}: OBD OEM Total Mileage (4 B unsigned, km)`,
    },
    {
      io: 410,
      signal: 'chargeStatus',
      scale: 1,
      offset: 0,
      signed: false,
      source: `${OBD_OEM}: OEM Battery charge state (1 B unsigned, 0 not charging, 1 charging)`,
    },
    {
      io: 411,
      signal: 'batteryCharge',
      scale: 1,
      offset: 0,
      signed: false,
      source: `${OBD_OEM}: OEM Battery charge level (1 B unsigned, 0–100 %)`,
    },
    {
      io: 755,
      signal: 'milesToEmpty',
      scale: KM_TO_MI,
      offset: 0,
      signed: false,
      source: `${OBD_OEM}: OEM Remaining distance (2 B unsigned, km; until the tank is empty or the EV battery depleted)`,
    },
    {
      io: 1151,
      signal: 'batteryStateOfHealth',
      scale: 1,
      offset: 0,
      signed: false,
      source: `${OBD_OEM}: OEM Battery State Of Health (2 B unsigned, %)`,
    },
    {
      io: 1152,
      signal: 'cellPackTemp',
      ...C_TO_F,
      signed: true,
      source: `${OBD_OEM}: OEM Battery Temperature (2 B signed, °C)`,
    },
  ],
};
