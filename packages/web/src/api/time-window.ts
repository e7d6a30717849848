/** A span of time in epoch ms; the calls take it as ISO instants. */
export interface TimeWindow {
  from: number;
  to: number;
}

/** The window as the calls' `from` and `to`. */
export const periodQuery = ({ from, to }: TimeWindow) => ({
  from: new Date(from).toISOString(),
  to: new Date(to).toISOString(),
});
