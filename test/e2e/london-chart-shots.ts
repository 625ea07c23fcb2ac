import { join } from 'node:path'
import { launchBrowser, rowOf } from './harness'
import { NARROW_AND_WIDE, SATURDAY } from './layout-screenshots'
import { startLiveHarness } from './live-sim'

/**
 * The detail chart with the computer in London, narrow and wide, on a fixed Monday morning (the
 * chart reaches back over the weekend) and a fixed Saturday (a token trading off-hours): every
 * time reads in market time with its zone, or, with "this computer's time" chosen in Settings,
 * in London's (london-chart-*-computer-*.png); a stock token's week in London's time, labelled by
 * day (london-week-*.png); and the Settings dialog where that is chosen.
 * `npx tsx test/e2e/london-chart-shots.ts` writes docs/screenshots/london-chart-*.png and
 * settings-time-zone-*.png.
 */
const OUT = join(__dirname, '..', '..', 'docs', 'screenshots')
/** 10:15 ET on Monday 23 November 2026. */
const MONDAY_MORNING = Date.UTC(2026, 10, 23, 15, 15)
/** 08:00 ET on Monday 16 November 2026. */
const MONDAY_0800 = Date.UTC(2026, 10, 16, 13, 0)

async function main(): Promise<void> {
  const browser = await launchBrowser()
  try {
    for (const [day, marketTime, symbol] of [
      ['monday', MONDAY_MORNING, 'AAPLon'],
      ['saturday', SATURDAY, 'NVDAon'],
    ] as const)
      for (const timeZone of ['market', 'computer'] as const)
        for (const [name, width] of NARROW_AND_WIDE) {
          const harness = await startLiveHarness({
            browser,
            marketTime,
            timezoneId: 'Europe/London',
            viewport: { width, height: 760 },
            settings: { timeZone },
          })
          const file = `london-chart-${day}${timeZone === 'computer' ? '-computer' : ''}-${name}.png`
          try {
            const { page } = harness
            await rowOf(page, symbol).click()
            await page.keyboard.press('Enter')
            await page.locator('.chart .chart-tick').first().waitFor()
            // The crosshair on the first point, so the readout shows its time.
            await page.getByRole('figure', { name: /24 hour price chart/ }).focus()
            await page.keyboard.press('Home')
            await page.locator('.chart-readout-time').waitFor()
            await page.locator('.chart').screenshot({ path: join(OUT, file) })
            console.log(`wrote ${file}`)
          } finally {
            await harness.close()
          }
        }
    // A stock token's week in London's time, on a Monday morning and a Saturday: labelled by day.
    for (const [day, marketTime] of [
      ['monday', MONDAY_0800],
      ['saturday', SATURDAY],
    ] as const)
      for (const [name, width] of NARROW_AND_WIDE) {
        const harness = await startLiveHarness({
          browser,
          marketTime,
          timezoneId: 'Europe/London',
          viewport: { width, height: 900 },
          settings: { timeZone: 'computer', chartRange: '1w' },
        })
        const file = `london-week-${day}-computer-${name}.png`
        try {
          const { page } = harness
          await rowOf(page, 'AAPLon').click()
          await page.keyboard.press('Enter')
          const chart = page.locator('.chart-shown .chart-history')
          await chart.locator('.chart-tick').first().waitFor({ timeout: 15_000 })
          await chart.screenshot({ path: join(OUT, file) })
          console.log(`wrote ${file}`)
        } finally {
          await harness.close()
        }
      }
    for (const [name, width] of NARROW_AND_WIDE) {
      const harness = await startLiveHarness({
        browser,
        marketTime: MONDAY_MORNING,
        timezoneId: 'Europe/London',
        viewport: { width, height: 900 },
      })
      try {
        const { page } = harness
        await rowOf(page, 'AAPLon').waitFor()
        await page.evaluate(() => window.scrollTo(0, 0))
        const settings = page.locator('.app-header').getByRole('button', { name: 'Settings', exact: true })
        if (await settings.isVisible()) await settings.click()
        else {
          await page.getByRole('button', { name: 'More actions' }).click()
          await page.getByRole('menuitem', { name: 'Settings' }).click()
        }
        const dialog = page.getByRole('dialog', { name: 'Settings' })
        const choice = dialog.getByRole('group', { name: 'Show times in' })
        await choice.scrollIntoViewIfNeeded()
        await page.screenshot({ path: join(OUT, `settings-time-zone-${name}.png`) })
        console.log(`wrote settings-time-zone-${name}.png`)
      } finally {
        await harness.close()
      }
    }
  } finally {
    await browser.close()
  }
}

void main()
