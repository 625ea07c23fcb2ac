import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { launchBrowser, rowOf } from './harness'
import { SATURDAY } from './layout-screenshots'
import { startLiveHarness, TUESDAY_LATE_MORNING } from './live-sim'

/**
 * `npx tsx test/e2e/depth-shots.ts` (after `npm run build`): the detail panel's depth ladder and
 * its "What would it cost now" form, streamed from the simulator, at 390 and 1280 px, in
 * docs/screenshots/depth-*.png: a regular Tuesday (AAPLon, 3.5 tokens bought), a Saturday with an
 * off-hours token (NVDAon, $1,250.40 sold) and a conventional one (AAPLon, market closed), and a
 * service that publishes no depth.
 */

const OUT_DIR = process.env.SCREENSHOT_DIR ?? join(__dirname, '..', '..', 'docs', 'screenshots')
const WIDTHS = [390, 1280] as const

interface Shot {
  name: string
  marketTime: number
  symbol: string
  amount?: { text: string; unit: 'Tokens' | 'US dollars'; side: 'Buy (asks)' | 'Sell (bids)' }
  specOnly?: boolean
  /** What the depth region shows once it is ready. */
  ready: string
}

const SHOTS: readonly Shot[] = [
  {
    name: 'tuesday',
    marketTime: TUESDAY_LATE_MORNING,
    symbol: 'AAPLon',
    amount: { text: '3.5', unit: 'Tokens', side: 'Buy (asks)' },
    ready: '.depth-cost-result',
  },
  {
    name: 'saturday-offhours',
    marketTime: SATURDAY,
    symbol: 'NVDAon',
    amount: { text: '1,250.40', unit: 'US dollars', side: 'Sell (bids)' },
    ready: '.depth-cost-result',
  },
  { name: 'saturday-closed', marketTime: SATURDAY, symbol: 'AAPLon', ready: '.depth-error' },
  {
    name: 'no-depth',
    marketTime: TUESDAY_LATE_MORNING,
    symbol: 'AAPLon',
    specOnly: true,
    ready: '.not-published',
  },
]

async function shoot(browser: Browser, shot: Shot, width: number): Promise<void> {
  const harness = await startLiveHarness({
    browser,
    viewport: { width, height: 900 },
    marketTime: shot.marketTime,
    stream: true,
  })
  try {
    const { page } = harness
    // Switched after start: the simulator's gRPC then answers UNIMPLEMENTED, as such a service does.
    if (shot.specOnly) harness.sim.setSpecOnly(true)
    await rowOf(page, shot.symbol).click()
    await page.keyboard.press('Enter')
    const depth = page.getByRole('region', { name: 'Depth' })
    if (shot.amount) {
      await depth.locator('.depth-table').first().waitFor({ timeout: 60_000 })
      await depth.getByLabel('In').selectOption({ label: shot.amount.unit })
      await depth.getByLabel('Side').selectOption({ label: shot.amount.side })
      await depth.getByLabel('Amount').fill(shot.amount.text)
    }
    await depth.locator(shot.ready).waitFor({ timeout: 60_000 })
    await (shot.amount ? depth.locator('.depth-cost-result') : depth).scrollIntoViewIfNeeded()
    await page.evaluate(() => document.getAnimations().forEach((animation) => animation.pause()))
    const path = join(OUT_DIR, `depth-${shot.name}-${width}.png`)
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
