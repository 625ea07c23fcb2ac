import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SessionName } from '../../src/shared/sessions'
import { launchBrowser, rowOf, startHarness, unexpectedErrors, type Harness } from './harness'
import { withSettings } from './live-sim'
import { assertRendererBuilt } from './static-server'

/**
 * Session badges and the header clock under a fixed page clock: each session, the pause between
 * two, a weekend, a holiday, and a summer (daylight saving) date. BRK.Bon trades in the regular
 * session only, so its badges show a running session it cannot trade in.
 */

let browser: Browser
let harness: Harness

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
    name: 'a Saturday',
    at: Date.UTC(2026, 10, 21, 17, 0),
    tag: 'CLOSED',
    text: /Market closed · Weekend.*Overnight in 1d 08h/,
    running: null,
  },
  {
    name: 'Thanksgiving',
    at: Date.UTC(2026, 10, 26, 17, 0),
    tag: 'CLOSED',
    text: /Market closed · Thanksgiving Day/,
    running: null,
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
      // Both change on the page's next one-second tick: wait for the text, then check the tag.
      await expect.poll(() => clock.textContent()).toMatch(testCase.text)
      expect(await clock.locator('.phase-tag').textContent()).toBe(testCase.tag)

      const running = await rowOf(page, 'AAPLon')
        .locator('[data-running="true"]')
        .evaluateAll((badges) => badges.map((badge) => badge.getAttribute('data-session')))
      expect(running).toEqual(testCase.running ? [testCase.running] : [])
      if (testCase.running) {
        const badge = rowOf(page, 'BRK.Bon').locator(`[data-session="${testCase.running}"]`)
        expect(await badge.getAttribute('data-tradable')).toBe(String(testCase.running === 'regular'))
        expect(await badge.getAttribute('title')).toMatch(/in session now$/)
      }
    })
  }

  it('tells tradable from not tradable in words as well as style', async () => {
    const { page } = harness
    await page.clock.setFixedTime(Date.UTC(2026, 10, 21, 17, 0))
    await expect.poll(() => page.locator('.session-clock .phase-tag').textContent()).toBe('CLOSED')
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
})
