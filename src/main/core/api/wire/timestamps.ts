/**
 * The service documents Unix milliseconds, but one published sample is in seconds.
 * Any value below 1e12 (that is, before September 2001 if read as ms) is taken as seconds.
 */
export const SECONDS_THRESHOLD = 1e12

export function normalizeTimestampMs(value: number): number | null {
  if (!Number.isFinite(value) || value <= 0) return null
  const ms = value < SECONDS_THRESHOLD ? value * 1000 : value
  // Beyond year 9999 is not a time but garbage.
  if (ms > 253_402_300_799_999) return null
  return Math.round(ms)
}
