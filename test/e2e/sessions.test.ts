import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SessionName } from '../../src/shared/sessions'
import { launchBrowser, rowOf, startHarness, unexpectedErrors, type Harness } from './harness'
import { withSettings } from './live-sim'
import { assertRendererBuilt } from './static-server'

/**
 * Session badges and the header clock under a fixed page clock: each session, the pause between
 * two, a Monday morning, a weekend (Saturday noon, Sunday 20:03 just before the week opens at
 * 20:05, and 20:06 after), Thanksgiving and the early close after it, and a summer (daylight
 * saving) date. BRK.Bon trades in the regular session only, so its badges show a running session
 * it cannot trade in. Of the default watchlist NVDAon, TSLAon, SPYon and QQQon trade off-hours:
 * while the market is closed the header says so and their OFF badge is the one running.
 */

let browser: Browser
let harness: Harness

/** How long a page may take to show a new time: one tick, on a machine that may be busy. */
const SETTLE_MS = 10_000

beforeAll(async () => {
  assertRendererBuilt()
  browser = await launchBrowser()
  harness = await startHarness({
    browser,
    clock: { fixedAt: Date.UTC(2026, 10, 17, 16, 0) },
    beforeStart: withSettings({}, ['BRK.Bon']),
  })
})
afterAll(async () => {
  expect(unexpectedErrors(harness)).toEqual([])
  await harness?.close()
  await browser?.close()
})

const OFFHOURS_HEADLINE = 'Closed, off-hours for 4 tokens'

const CASES: { name: string; at: number; tag: string; text: RegExp; running: SessionName | null }[] = [
  {
    name: 'pre-market',
    at: Date.UTC(2026, 10, 17, 12, 0),
    tag: 'PRE',
    text: /Pre-market.*Pauses in 2h 29m/,
    running: 'premarket',
  },
  {
    name: 'the pause before the open',
    at: Date.UTC(2026, 10, 17, 14, 30, 20),
    tag: 'PAUSED',
    text: /Paused.*Regular in 40s/,
    running: null,
  },
  {
    name: 'the regular session',
    at: Date.UTC(2026, 10, 17, 16, 0),
    tag: 'REG',
    text: /Regular.*Pauses in 4h 59m/,
    running: 'regular',
  },
  {
    name: 'post-market',
    at: Date.UTC(2026, 10, 17, 22, 0),
    tag: 'POST',
    text: /Post-market.*Pauses in 2h 59m/,
    running: 'postmarket',
  },
  {
    name: 'overnight',
    at: Date.UTC(2026, 10, 18, 3, 0),
    tag: 'ON',
    text: /Overnight.*Pauses in 5h 55m/,
    running: 'overnight',
  },
  {
    name: 'a Monday morning',
    at: Date.UTC(2026, 10, 23, 14, 45),
    tag: 'REG',
    text: /Regular.*Pauses in 6h 14m/,
    running: 'regular',
  },
  {
    name: 'Saturday noon',
    at: Date.UTC(2026, 10, 21, 17, 0),
    tag: 'OFF',
    text: new RegExp(`${OFFHOURS_HEADLINE} · Weekend.*Overnight in 1d 08h`),
    running: 'offhours',
  },
  {
    name: 'Sunday 20:03 ET, before the week opens',
    at: Date.UTC(2026, 10, 23, 1, 3),
    tag: 'OFF',
    text: new RegExp(`${OFFHOURS_HEADLINE} · Weekend.*Overnight in 2m 00s`),
    running: 'offhours',
  },
  {
    name: 'Sunday 20:06 ET, overnight running',
    at: Date.UTC(2026, 10, 23, 1, 6),
    tag: 'ON',
    text: /Overnight.*Pauses in 7h 49m/,
    running: 'overnight',
  },
  {
    name: 'Thanksgiving',
    at: Date.UTC(2026, 10, 26, 17, 0),
    tag: 'OFF',
    text: new RegExp(`${OFFHOURS_HEADLINE} · Thanksgiving Day.*Overnight in 8h 05m`),
    running: 'offhours',
  },
  {
    name: 'the early close after Thanksgiving, regular ending at 13:00',
    at: Date.UTC(2026, 10, 27, 17, 0),
    tag: 'REG',
    text: /Regular · Early close.*Pauses in 59m 00s/,
    running: 'regular',
  },
  {
    name: 'the evening of the early close, off-hours running',
    at: Date.UTC(2026, 10, 27, 22, 30),
    tag: 'OFF',
    text: new RegExp(`${OFFHOURS_HEADLINE} · Early close.*Overnight in 2d 02h`),
    running: 'offhours',
  },
  // 09:35 EDT is 13:35 UTC in July; in November it would still be before the open.
  {
    name: 'a summer morning (EDT)',
    at: Date.UTC(2026, 6, 14, 13, 35),
    tag: 'REG',
    text: /Regular.*Pauses in 6h 24m/,
    running: 'regular',
  },
]

describe('session badges and clock', () => {
  for (const testCase of CASES) {
    it(`shows ${testCase.name}`, async () => {
      const { page } = harness
      await page.clock.setFixedTime(testCase.at)
      const clock = page.getByRole('region', { name: 'Market session' })
      // The header and the badges change on the page's next one-second tick (a busy machine may
      // take longer): wait for the text, the tag and the ringed badges each, never read at once.
      await expect.poll(() => clock.textContent(), { timeout: SETTLE_MS }).toMatch(testCase.text)
      await expect
        .poll(() => clock.locator('.phase-tag').textContent(), { timeout: SETTLE_MS })
        .toBe(testCase.tag)

      const runningIn = (symbol: string) => () =>
        rowOf(page, symbol)
          .locator('[data-running="true"]')
          .evaluateAll((badges) => badges.map((badge) => badge.getAttribute('data-session')))
      // NVDAon trades in all five sessions: whichever runs is ringed on its row.
      await expect
        .poll(runningIn('NVDAon'), { timeout: SETTLE_MS })
        .toEqual(testCase.running ? [testCase.running] : [])
      // AAPLon has no OFF badge at all; off-hours rings nothing on its row.
      expect(await rowOf(page, 'AAPLon').locator('[data-session="offhours"]').count()).toBe(0)
      await expect
        .poll(runningIn('AAPLon'), { timeout: SETTLE_MS })
        .toEqual(testCase.running && testCase.running !== 'offhours' ? [testCase.running] : [])
      if (testCase.running && testCase.running !== 'offhours') {
        const badge = rowOf(page, 'BRK.Bon').locator(`[data-session="${testCase.running}"]`)
        await expect
          .poll(() => badge.getAttribute('title'), { timeout: SETTLE_MS })
          .toMatch(/in session now$/)
        expect(await badge.getAttribute('data-tradable')).toBe(String(testCase.running === 'regular'))
      }
    })
  }

  it('tells tradable from not tradable in words as well as style', async () => {
    const { page } = harness
    await page.clock.setFixedTime(Date.UTC(2026, 10, 21, 17, 0))
    await expect
      .poll(() => page.locator('.session-clock .phase-tag').textContent(), { timeout: SETTLE_MS })
      .toBe('OFF')
    await expect
      .poll(() => rowOf(page, 'BRK.Bon').locator('[data-running="true"]').count(), { timeout: SETTLE_MS })
      .toBe(0)
    const badges = await rowOf(page, 'BRK.Bon')
      .locator('.badge')
      .evaluateAll((found) => found.map((badge) => [badge.textContent, badge.getAttribute('title')]))
    expect(badges).toEqual([
      ['PRE', 'Pre-market: not tradable'],
      ['REG', 'Regular: tradable'],
      ['POST', 'Post-market: not tradable'],
      ['ON', 'Overnight: not tradable'],
    ])
    // What a screen reader announces: the words, not the abbreviation.
    const row = rowOf(page, 'BRK.Bon')
    for (const name of ['Pre-market: not tradable', 'Regular: tradable', 'Overnight: not tradable'])
      expect(await row.getByRole('img', { name, exact: true }).count()).toBe(1)
  })

  it("shows a basket's off-hours limits, marked now on a Saturday, and the tokens it holds", async () => {
    const { page } = harness
    await page.clock.setFixedTime(Date.UTC(2026, 10, 21, 17, 0))
    await expect
      .poll(() => page.locator('.session-clock .phase-tag').textContent(), { timeout: SETTLE_MS })
      .toBe('OFF')
    await rowOf(page, 'QQQon').click()
    await page.keyboard.press('Enter')
    const limits = page.getByRole('region', { name: 'Session limits' })
    const offhoursRow = limits.getByRole('row', { name: /Off-hours/ })
    await expect.poll(() => offhoursRow.textContent(), { timeout: SETTLE_MS }).toMatch(/Off-hoursnowYes100/)
    const held = await page
      .getByRole('region', { name: 'Constituents' })
      .getByRole('listitem')
      .evaluateAll((items) => items.map((item) => item.textContent))
    expect(held).toEqual(['NVDAon', 'MSFTon', 'AAPLon', 'AMZNon', 'GOOGLon', 'METAon', 'AVGOon', 'TSLAon'])
    await page.keyboard.press('Escape')
  })
})
