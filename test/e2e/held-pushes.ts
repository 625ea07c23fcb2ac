import type { Page } from 'playwright-core'
import type { AssetChange, Delta } from '../../src/shared/domain'
import type { EventName } from '../../src/shared/ipc-contract'

/**
 * Holds main's pushes back once the page has loaded, so that quotes a test puts on screen stay
 * there: with the market moving underneath, a row that is down now may be up at the next poll.
 * Pass `beforeEmit` to the harness; call `hold()` when the page shows what it needs and `release()`
 * before closing the harness (its close waits for the pushes it queued).
 */
export function heldPushes(): {
  beforeEmit(event: EventName): Promise<void>
  hold(): void
  release(): void
} {
  let gate: Promise<void> | null = null
  let open: () => void = () => undefined
  return {
    beforeEmit: () => gate ?? Promise.resolve(),
    hold() {
      gate ??= new Promise((resolve) => (open = resolve))
    },
    release() {
      open()
      gate = null
    },
  }
}

/**
 * Puts changed fields on rows as a delta from main would. It must be newer than what the page
 * holds (an older one is dropped): by default a minute after this process's clock, which is ahead
 * of the market time a live harness shifts back to; pass `asOf` to say a time on screen.
 */
export async function pushChanges(
  page: Page,
  changed: AssetChange[],
  asOf = Date.now() + 60_000,
): Promise<void> {
  const delta: Delta = { asOf, changed, added: [], removed: [] }
  await page.evaluate((d) => window.__twEmit?.('delta', d), delta)
}

/** Generous: a loaded CI host renders a delta in well under this. */
const SHOWN_WITHIN_MS = 10_000

/**
 * pushChanges again until `shown` says the page shows the changes. A single push can race what is
 * in flight: a push main sent just before the test held them can land after the test's and put the
 * market's figures back (the likely cause of a row read "neither up nor down" under load in CI, 29
 * November). Each push is newer than the last, so the test's figures win whatever arrives between.
 */
export async function pushUntilShown(
  page: Page,
  changed: AssetChange[],
  shown: () => Promise<boolean>,
): Promise<void> {
  // A plain loop, not vitest's expect.poll: the screenshot scripts import this file outside vitest.
  const deadline = Date.now() + SHOWN_WITHIN_MS
  for (;;) {
    await pushChanges(page, changed)
    if (await shown()) return
    if (Date.now() > deadline)
      throw new Error(`the page did not show the pushed changes in ${SHOWN_WITHIN_MS} ms`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
