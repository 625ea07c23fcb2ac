import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { rowOf } from './harness'
import { pushChanges, type heldPushes } from './held-pushes'
import { AWKWARD_VALUES, HEIGHT, showWindow, WIDTHS } from './layout-checks'

/**
 * The layout screenshots for `npm run screenshots`: the watchlist at every width of the layout
 * test, at 125 % and 150 % app zoom, 200 px high, and the awkward values narrow and wide (taken
 * last: main's pushes are held from then on); and, on a harness of its own, a Saturday.
 */

const ZOOMED: readonly { width: number; zoom: number }[] = [
  { width: 1280, zoom: 1.25 },
  { width: 1280, zoom: 1.5 },
  { width: 360, zoom: 1.5 },
]
/** 13:00 ET on Saturday 21 November 2026: the market is closed for the weekend. */
export const SATURDAY = Date.UTC(2026, 10, 21, 18, 0)
/** A pinned narrow column and a wide window, the two widths a screenshot is taken at. */
export const NARROW_AND_WIDE = [
  ['narrow', 380],
  ['wide', 1280],
] as const

export async function shootLayouts(
  page: Page,
  pushes: ReturnType<typeof heldPushes>,
  outDir: string,
): Promise<void> {
  const shoot = async (name: string) => {
    const path = join(outDir, name)
    await page.screenshot({ path })
    console.log(`wrote ${path}`)
  }
  await rowOf(page, 'NVDAon').click()
  for (const width of WIDTHS) {
    await showWindow(page, width, HEIGHT)
    await shoot(`width-${width}.png`)
  }
  for (const { width, zoom } of ZOOMED) {
    await showWindow(page, width, HEIGHT, zoom)
    await shoot(`width-${width}-zoom-${zoom * 100}.png`)
  }
  await showWindow(page, 420, 200)
  await shoot('height-200.png')

  pushes.hold()
  // As of the page's clock (the market's time here, a poll ahead: the last push may be a little
  // newer than the page's clock), so the status bar's "Updated" stays true.
  await pushChanges(page, AWKWARD_VALUES, await page.evaluate(() => Date.now() + 5_000))
  await rowOf(page, 'NVDAon').locator('.cell-price [title="123456789012.123456"]').waitFor()
  await showWindow(page, 420, 420)
  await shoot('awkward-values-narrow.png')
  await showWindow(page, 1280, 420)
  await shoot('awkward-values.png')

  await showWindow(page, 1280, HEIGHT)
}

/** The narrow window on a harness whose market time is `SATURDAY`: closed, the countdown to Sunday. */
export async function shootWeekend(page: Page, outDir: string): Promise<void> {
  // The wide header says it in words ("Closed, off-hours for 1 token"); the badge reads OFF
  // while the off-hours session runs.
  await page.locator('.session-clock', { hasText: 'Closed' }).first().waitFor()
  await showWindow(page, 360, HEIGHT)
  const path = join(outDir, 'width-360-saturday.png')
  await page.screenshot({ path })
  console.log(`wrote ${path}`)
}
