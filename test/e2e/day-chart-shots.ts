import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { launchBrowser, rowOf } from './harness'
import { SATURDAY } from './layout-screenshots'
import { startLiveHarness, TUESDAY_LATE_MORNING } from './live-sim'

/**
 * `npx tsx test/e2e/day-chart-shots.ts` (after `npm run build`): the detail's 1D chart with its
 * live minute streamed from the simulator, at 390 and 1280 px, in
 * docs/screenshots/streaming/day-chart-*.png: a regular Tuesday (AAPLon), a Saturday with an
 * off-hours token (NVDAon) and a conventional one (AAPLon, its last minute Friday's), and a service
 * without streams (the polled history, said so).
 */

const OUT_DIR = join(__dirname, '..', '..', 'docs', 'screenshots', 'streaming')
const WIDTHS = [390, 1280] as const

interface Shot {
  name: string
  marketTime: number
  symbol: string
  specOnly?: boolean
  /** What the source line says once the chart is ready. */
  ready: RegExp
}

const SHOTS: readonly Shot[] = [
  { name: 'tuesday', marketTime: TUESDAY_LATE_MORNING, symbol: 'AAPLon', ready: /^Minutes streamed/ },
  { name: 'saturday-offhours', marketTime: SATURDAY, symbol: 'NVDAon', ready: /^Minutes streamed/ },
  { name: 'saturday-closed', marketTime: SATURDAY, symbol: 'AAPLon', ready: /^Minutes streamed/ },
  {
    name: 'no-streams',
    marketTime: TUESDAY_LATE_MORNING,
    symbol: 'AAPLon',
    specOnly: true,
    ready: /minutes not streamed/,
  },
]

async function shoot(browser: Browser, shot: Shot, width: number): Promise<void> {
  const harness = await startLiveHarness({
    browser,
    viewport: { width, height: 900 },
    marketTime: shot.marketTime,
    stream: true,
    settings: { chartRange: '1d' },
  })
  try {
    const { page } = harness
    // Switched after start: the simulator's gRPC then answers UNIMPLEMENTED, as such a service does.
    if (shot.specOnly) harness.sim.setSpecOnly(true)
    await rowOf(page, shot.symbol).click()
    await page.keyboard.press('Enter')
    await page.waitForFunction(
      (pattern) => new RegExp(pattern).test(document.querySelector('.chart-source')?.textContent ?? ''),
      shot.ready.source,
      { timeout: 60_000 },
    )
    // The REST minutes under the streamed one: the line spans the day.
    await page.waitForFunction(() => document.querySelector('.detail-chart figure') !== null, undefined, {
      timeout: 60_000,
    })
    await page.locator('.detail-chart').scrollIntoViewIfNeeded()
    await page.evaluate(() => document.getAnimations().forEach((animation) => animation.pause()))
    const path = join(OUT_DIR, `day-chart-${shot.name}-${width}.png`)
    await page.screenshot({ path })
    console.log(`wrote ${path}`)
  } finally {
    await harness.close()
  }
}

async function main(): Promise<void> {
  await mkdir(OUT_DIR, { recursive: true })
  const browser = await launchBrowser()
  try {
    for (const shot of SHOTS) for (const width of WIDTHS) await shoot(browser, shot, width)
  } finally {
    await browser.close()
  }
}

void main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
