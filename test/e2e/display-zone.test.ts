import { describe, expect, it } from 'vitest'
import { lastDataAt } from '../../src/shared/data-status'
import { rowOf } from './harness'
import { startLiveHarness, type LiveHarness } from './live-sim'
import { marketClockText } from './market-clock-text'
import { harnessPerTest } from './per-test'

/**
 * One time zone on screen: the header speaks market time (New York), and so do the status bar's
 * "Updated", the chart's axis, its crosshair readout and its closed-gap tooltip, whatever zone the
 * computer is in. The same fixed Monday morning is shown with the browser in New York, London and
 * Tokyo, and every time reads the same, with its zone. With "this computer's time" chosen in
 * Settings, each reads in the computer's zone instead, with that zone's name, the axis naming
 * the computer's days.
 */

/** 10:15 ET on Monday 23 November 2026: the 24 h chart reaches back over the weekend to Friday. */
const MONDAY_MORNING = Date.UTC(2026, 10, 23, 15, 15)

const harnesses = harnessPerTest<LiveHarness>()

describe.each(['America/New_York', 'Europe/London', 'Asia/Tokyo'])(
  'times on screen with the computer in %s',
  (zone) => {
    it('are market time, said: the status bar, the chart axis, its readout and its gap', async () => {
      const { page, core } = await harnesses.open((browser) =>
        startLiveHarness({ browser, marketTime: MONDAY_MORNING, timezoneId: zone }),
      )
      // The page really is in that zone (so local time would differ outside New York).
      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(zone)

      const updated = page.locator('.status-updated')
      await expect.poll(() => updated.textContent()).toMatch(/^Updated \d\d:\d\d:\d\d ET$/)
      const dataAt = lastDataAt(core.status()) as number
      const shown = ((await updated.textContent()) ?? '').slice('Updated '.length, -' ET'.length)
      // The shown time is New York's for a moment of the data's arrival (a poll may land between).
      expect(shown >= marketClockText(dataAt - 5_000) && shown <= marketClockText(dataAt + 5_000)).toBe(true)

      await rowOf(page, 'AAPLon').click()
      await page.keyboard.press('Enter')
      await page.locator('.chart .chart-tick').first().waitFor()
      const ticks = await page.locator('.chart .chart-tick').allTextContents()
      // Friday's post-market is Friday's, Monday's overnight Monday's: no Saturday, no Sunday.
      expect(ticks.join(' ')).toMatch(/\bFri\b/)
      expect(ticks.join(' ')).toMatch(/\bMon 00:00\b/)
      expect(ticks.join(' ')).not.toMatch(/Sat|Sun/)

      // The weekend, from Friday's post-market close (19:59) to Sunday's overnight open (20:05).
      expect(await page.locator('.chart .chart-gap').first().getAttribute('title')).toBe(
        'Market closed Fri, Nov 20, 19:59 to Sun, Nov 22, 20:05 ET',
      )
      await expect.poll(() => page.locator('.chart .chart-zone').textContent()).toBe('Times in ET')

      // The crosshair's readout, by keyboard: the first point's time, in market time, with its zone.
      await page.getByRole('figure', { name: /24 hour price chart/ }).focus()
      await page.keyboard.press('Home')
      await expect
        .poll(() => page.locator('.chart-readout-time').textContent())
        .toMatch(/^Nov 2[02], \d\d:\d\d:\d\d ET$/)
    })
  },
)

/**
 * Each zone: its short name that Monday morning, Friday's close and Sunday's open in it, a label
 * only it has on the axis (the day named is the zone's own), and the day of the last point.
 */
const COMPUTER_ZONES = [
  {
    zone: 'America/New_York',
    name: 'EST',
    closed: 'Fri, Nov 20, 19:59 to Sun, Nov 22, 20:05',
    dayOnAxis: /\bMon 00:00\b/,
    lastDay: 'Nov 23',
  },
  {
    zone: 'Europe/London',
    name: 'GMT',
    closed: 'Sat, Nov 21, 00:59 to Mon, Nov 23, 01:05',
    dayOnAxis: /\bMon 04:00\b/,
    lastDay: 'Nov 23',
  },
  {
    zone: 'Asia/Tokyo',
    name: 'GMT+9',
    closed: 'Sat, Nov 21, 09:59 to Mon, Nov 23, 10:05',
    // Friday's regular session is Saturday in Tokyo; 10:15 ET on Monday is already Tuesday.
    dayOnAxis: /\bSat 04:00\b/,
    lastDay: 'Nov 24',
  },
] as const

describe.each(COMPUTER_ZONES)(
  "times on screen in this computer's time, in $zone",
  ({ zone, name, closed, dayOnAxis, lastDay }) => {
    it('are chosen in Settings, and every time follows, with its zone', async () => {
      const { page } = await harnesses.open((browser) =>
        startLiveHarness({ browser, marketTime: MONDAY_MORNING, timezoneId: zone }),
      )
      const updated = page.locator('.status-updated')
      await expect.poll(() => updated.textContent()).toMatch(/ ET$/)

      // Chosen as a person would: Settings, "Show times in", save.
      await page
        .getByRole('button', { name: /settings/i })
        .first()
        .click()
      await page.getByRole('radio', { name: "This computer's time" }).check()
      await page.getByRole('button', { name: 'Save settings' }).click()
      await expect
        .poll(() => updated.textContent())
        .toMatch(new RegExp(`^Updated \\d\\d:\\d\\d:\\d\\d ${name.replace('+', '\\+')}$`))

      await rowOf(page, 'AAPLon').click()
      await page.keyboard.press('Enter')
      await page.locator('.chart .chart-tick').first().waitFor()
      expect((await page.locator('.chart .chart-tick').allTextContents()).join(' ')).toMatch(dayOnAxis)
      expect(await page.locator('.chart .chart-gap').first().getAttribute('title')).toBe(
        `Market closed ${closed} ${name}`,
      )
      expect(await page.locator('.chart .chart-zone').textContent()).toBe(`Times in ${name}`)
      await page.getByRole('figure', { name: /24 hour price chart/ }).focus()
      await page.keyboard.press('End')
      await expect
        .poll(() => page.locator('.chart-readout-time').textContent())
        .toMatch(new RegExp(`^${lastDay}, \\d\\d:\\d\\d:\\d\\d ${name.replace('+', '\\+')}$`))
    })
  },
)

describe("a week's chart in this computer's time, in Europe/London", () => {
  /** 08:00 ET on Monday 16 November 2026. */
  const MONDAY_0800 = Date.UTC(2026, 10, 16, 13, 0)

  it.each([1280, 360])('labels AAPLon 1W by day at %i px, as in market time', async (width) => {
    const { page } = await harnesses.open((browser) =>
      startLiveHarness({
        browser,
        marketTime: MONDAY_0800,
        timezoneId: 'Europe/London',
        viewport: { width, height: 760 },
        settings: { timeZone: 'computer', chartRange: '1w' },
      }),
    )
    await rowOf(page, 'AAPLon').click()
    await page.keyboard.press('Enter')
    const chart = page.locator('.chart-shown .chart-history')
    await chart.locator('.chart-tick').first().waitFor({ timeout: 15_000 })
    expect(await chart.locator('.chart-axis-unit').textContent()).toBe('Labels: days')
    const ticks = await chart.locator('.chart-tick').allTextContents()
    expect(ticks.length).toBeGreaterThanOrEqual(3)
    for (const tick of ticks) expect(tick).toMatch(/^(Mon|Tue|Wed|Thu|Fri) 1\d$/)
  })
})
