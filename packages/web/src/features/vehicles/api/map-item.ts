/** The map data item lives in domain (map-items.ts); the vehicle screens import it from here too. */
export { hasPosition, type MapItem } from '@evfleet/domain';
