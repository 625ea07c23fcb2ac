/**
 * The renderer's one reading of the wall clock. Everything time-dependent (session badges, the
 * header countdown, data ages) goes through here, so a test can fix the time with Playwright's
 * `page.clock` and see the whole UI agree.
 */
export function now(): number {
  return Date.now()
}
