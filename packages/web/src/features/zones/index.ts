// What the zones offer other features: their outlines, drawn on the vehicle maps.
export { ZoneOutlines } from './ZoneOutlines';
