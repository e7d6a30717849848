import { reading } from './device-reading.js';

/** Every bench vehicle in one fleet of one dealer, so the zones of that fleet are theirs (once: each run's server makes it). */
export const benchFleetSql = `
  insert into dealer (name, email, mobile_number, company, address, activation)
  values ('Bench dealer', 'bench-dealer@bench.test', '0123456789', 'Bench', 'Bench', true) on conflict do nothing;
  insert into fleet (name, email, dealer_id)
  select 'Bench fleet', 'bench-fleet@bench.test', id from dealer where email = 'bench-dealer@bench.test' on conflict do nothing;
  update vehicle set fleet_id = f.id, dealer_id = f.dealer_id from fleet f
  where f.email = 'bench-fleet@bench.test' and vehicle.vin like 'BENCH%'`;

const { gpsLat: LAT, gpsLong: LNG } = reading(0, 0);
/** Degrees between neighbouring zones' centres: about 1 km. */
const STEP = 0.01;

/**
 * `count` zones of the bench fleet on a grid around the readings' position, half polygons (squares
 * of about 600 m, with a hole in every tenth) and half circles of 300 m; the first a depot holding
 * the position itself, so every reading lies in a zone and its vehicle has a visit open.
 */
export function benchZonesSql(count: number): string {
  // A run after another starts from none.
  const none = `delete from zone where name like 'Bench zone %'`;
  if (count <= 0) return none;
  const side = Math.ceil(Math.sqrt(count));
  const values = Array.from({ length: count }, (_, i) => {
    const lat = LAT + (Math.floor(i / side) - side / 2) * STEP;
    const lng = LNG + ((i % side) - side / 2) * STEP;
    const [cLat, cLng] = i === 0 ? [LAT, LNG] : [lat, lng];
    const ring = (d: number) => [
      [cLng - d, cLat - d],
      [cLng + d, cLat - d],
      [cLng + d, cLat + d],
      [cLng - d, cLat + d],
      [cLng - d, cLat - d],
    ];
    const geometry =
      i % 2 === 0
        ? { type: 'Polygon', coordinates: i % 10 === 2 ? [ring(0.003), ring(0.001)] : [ring(0.003)] }
        : { type: 'Point', coordinates: [cLng, cLat], radiusM: 300 };
    const kind = i === 0 ? 'depot' : 'zone';
    return `('Bench zone ${i}', '${kind}', '${JSON.stringify(geometry)}'::jsonb, ${kind === 'depot' ? "'18:00'" : 'null'})`;
  });
  return `${none}; insert into zone (name, kind, geometry, evening_time, fleet_id)
    select v.name, v.kind, v.geometry, v.evening_time, (select id from fleet where email = 'bench-fleet@bench.test')
    from (values ${values.join(', ')}) as v(name, kind, geometry, evening_time)`;
}
