/** The dashboard's surface: the daily figures the ingest pipeline and the reading records keep up to date. */
export { createDailyStats, type DailyStats } from './daily-stats.js';
export { DAY_DISTANCE } from './running-totals.js';
