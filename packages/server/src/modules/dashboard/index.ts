/** The dashboard's surface: the daily figures the ingest pipeline and the reading records keep up to date, and the day's distance rule the analytics sum by. */
export { createDailyStats } from './daily-stats.js';
export { DAY_DISTANCE } from './running-totals.js';
