import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { rowOf } from './harness'
import { chartLabelBoxes, overlappingLabels } from './layout-checks'
import { startLiveHarness } from './live-sim'

/**
 * `npm run screenshots`, the calendar part: the watchlist at instants that matter to a trader,
 * each checked for what it must say before it is shot (the header's tag and words, the OFF
 * badges), so a wrong session model fails the run rather than leaving a wrong picture.
 */

interface Instant {
  name: string
  at: number
  tag: string
  headline: RegExp
  /** Also shot in a narrow window (about a phone's width, the pinned-strip use). */
  narrow: boolean
  /** The token whose detail chart is shot, wide and narrow, with its labels checked. */
  chart?: string
}

const OFFHOURS = /Closed, off-hours for 6 tokens/

const INSTANTS: readonly Instant[] = [
  {
    name: 'tuesday-morning',
    at: Date.UTC(2026, 10, 17, 15, 20),
    tag: 'REG',
    headline: /^Regular$/,
    narrow: false,
    chart: 'AAPLon',
  },
  {
    name: 'monday-morning',
    at: Date.UTC(2026, 10, 23, 14, 50),
    tag: 'REG',
    headline: /^Regular$/,
    narrow: true,
    chart: 'AAPLon',
  },
  {
    name: 'saturday-noon',
    at: Date.UTC(2026, 10, 21, 17, 0),
    tag: 'OFF',
    headline: OFFHOURS,
    narrow: true,
    chart: 'NVDAon',
  },
  { name: 'sunday-2003', at: Date.UTC(2026, 10, 23, 1, 3), tag: 'OFF', headline: OFFHOURS, narrow: false },
  {
    name: 'sunday-2006',
    at: Date.UTC(2026, 10, 23, 1, 6),
    tag: 'ON',
    headline: /^Overnight$/,
    narrow: false,
  },
  {
    name: 'thanksgiving',
    at: Date.UTC(2026, 10, 26, 17, 0),
    tag: 'OFF',
    headline: OFFHOURS,
    narrow: false,
    chart: 'AAPLon',
  },
  {
    name: 'early-close',
    at: Date.UTC(2026, 10, 27, 18, 30),
    tag: 'POST',
    headline: /^Post-market/,
    narrow: false,
  },
]

/** The six tokens the service trades off-hours, so the weekend header counts all of them. */
const OFFHOURS_SYMBOLS = ['GOOGLon', 'CRCLon']

async function checkWhatATraderSees(page: Page, instant: Instant): Promise<void> {
  const clock = page.getByRole('region', { name: 'Market session' })
  await clock
    .locator('.phase-tag')
    .filter({ hasText: new RegExp(`^${instant.tag}$`) })
    .waitFor({ timeout: 15_000 })
  const headline = (await clock.locator('.session-name').textContent()) ?? ''
  if (!instant.headline.test(headline.split(' · ')[0] ?? ''))
    throw new Error(`${instant.name}: the header says "${headline}", not ${instant.headline}`)
  const offRunning = await rowOf(page, 'NVDAon')
    .locator('[data-session="offhours"][data-running="true"]')
    .count()
  if ((offRunning === 1) !== (instant.tag === 'OFF'))
    throw new Error(`${instant.name}: NVDAon's OFF badge is ${offRunning === 1 ? '' : 'not '}ringed`)
}

export async function shootSessions(browser: Browser, outDir: string): Promise<void> {
  for (const instant of INSTANTS) {
    const harness = await startLiveHarness({
      browser,
      viewport: { width: 1280, height: 760 },
      assets: 120,
      marketTime: instant.at,
      extraSymbols: OFFHOURS_SYMBOLS,
    })
    try {
      const { page } = harness
      await rowOf(page, 'QQQon').locator('.cell-price .num').waitFor()
      await checkWhatATraderSees(page, instant)
      await shootTo(page, join(outDir, `${instant.name}.png`))
      if (instant.narrow) {
        await page.setViewportSize({ width: 400, height: 760 })
        await page.waitForTimeout(300) // the narrow layout settles
        await shootTo(page, join(outDir, `${instant.name}-narrow.png`))
        await page.setViewportSize({ width: 1280, height: 760 })
      }
      if (instant.chart) await shootChart(page, instant.chart, join(outDir, `${instant.name}-chart`))
    } finally {
      await harness.close()
    }
  }
}

/** The detail panel of `symbol`, its crosshair on a point, at 1280 and 400 px; labels checked apart. */
async function shootChart(page: Page, symbol: string, path: string): Promise<void> {
  await rowOf(page, symbol).click()
  await page.keyboard.press('Enter')
  for (const [width, suffix] of [
    [1280, ''],
    [400, '-narrow'],
  ] as const) {
    await page.setViewportSize({ width, height: 760 })
    await page.locator('.chart .chart-tick').first().waitFor()
    await page.waitForTimeout(300) // the plot is measured again at the new width
    const overlaps = overlappingLabels(await chartLabelBoxes(page))
    if (overlaps.length > 0) throw new Error(`${path} at ${width} px: ${overlaps.join('; ')}`)
    await page.getByRole('figure', { name: /24 hour price chart/ }).focus()
    await page.keyboard.press('ArrowLeft')
    await page.keyboard.press('PageUp')
    await page.locator('.chart-readout-price').waitFor()
    await page.locator('aside.detail').screenshot({ path: `${path}${suffix}.png` })
    console.log(`wrote ${path}${suffix}.png`)
  }
}

async function shootTo(page: Page, path: string): Promise<void> {
  await page.screenshot({ path })
  console.log(`wrote ${path}`)
}
