import { join } from 'node:path'
import type { Locator, Page } from 'playwright-core'
import { launchBrowser } from './harness'
import { SATURDAY } from './layout-screenshots'
import { type LiveHarness, type LiveHarnessOptions, startLiveHarness, TUESDAY_LATE_MORNING } from './live-sim'

/** Where the screenshot scripts write: docs/screenshots. */
export const SHOTS_DIR = join(__dirname, '..', '..', 'docs', 'screenshots')
const DAYS = { tuesday: TUESDAY_LATE_MORNING, saturday: SATURDAY }

/** One round of a screenshot script: its page, the day and width it shows, and how to save a shot. */
export interface ShotRound {
  page: Page
  /** The app's core, for a script that waits on what it pushes. */
  core: LiveHarness['core']
  day: string
  width: number
  /** Pauses the page's animations and writes `name` of the page (or of `target`) to SHOTS_DIR. */
  save(name: string, target?: Locator): Promise<void>
}

/**
 * The loop every screenshot script of the live app shares: a fresh app on the simulator for each of
 * a fixed Tuesday late morning and a fixed Saturday, at each width, with `options(width)`.
 */
export async function shootEachDayAndWidth(
  widths: readonly number[],
  options: (width: number) => Omit<LiveHarnessOptions, 'browser' | 'marketTime'>,
  take: (round: ShotRound) => Promise<void>,
): Promise<void> {
  const browser = await launchBrowser()
  try {
    for (const [day, marketTime] of Object.entries(DAYS))
      for (const width of widths) {
        const harness = await startLiveHarness({ browser, marketTime, ...options(width) })
        const { page } = harness
        const save = async (name: string, target?: Locator) => {
          await page.evaluate(() => document.getAnimations().forEach((animation) => animation.pause()))
          await (target ?? page).screenshot({ path: join(SHOTS_DIR, name) })
          console.log(`wrote ${name}`)
        }
        try {
          await take({ page, core: harness.core, day, width, save })
        } finally {
          await harness.close()
        }
      }
  } finally {
    await browser.close()
  }
}
