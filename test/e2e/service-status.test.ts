import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, rowOf, unexpectedErrors } from './harness'
import { startSimServer } from '../../src/main/sim/server/server'
import { LIVE_API_KEY, type LiveHarness, type LiveHarnessOptions, startLiveHarness } from './live-sim'
import { assertRendererBuilt } from './static-server'

/**
 * What the service says of the market, on screen, at fixed market times (the simulator, the core
 * and the page share one market clock): a row paused the evening before a split and its pause in
 * the detail, a market halt the calendar does not know in the header, an earnings limit, the
 * weekend's capacity refused in words (both of the service's forms), and a service without the
 * endpoints, which each feature says once, in place.
 */

let browser: Browser

beforeAll(async () => {
  assertRendererBuilt()
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** Sunday 2026-11-15 21:00 ET, the overnight session: LLY's split pause runs from 19:50 ET. */
const EVENING_BEFORE_SPLIT = Date.UTC(2026, 10, 16, 2, 0)
/** Tuesday 2026-11-17 11:32 ET, the regular session. */
const TUESDAY_LATE_MORNING = Date.UTC(2026, 10, 17, 16, 32, 10)
/** Saturday 2026-11-21 12:00 ET: closed, off-hours running. */
const SATURDAY_NOON = Date.UTC(2026, 10, 21, 17, 0)
const HOUR = 3_600_000

async function withHarness(
  options: Omit<LiveHarnessOptions, 'browser'>,
  test: (harness: LiveHarness) => Promise<void>,
) {
  const harness = await startLiveHarness({ browser, viewport: { width: 1280, height: 760 }, ...options })
  try {
    await test(harness)
    expect(unexpectedErrors(harness)).toEqual([])
  } finally {
    await harness.close()
  }
}

describe('the evening before a split', () => {
  it(
    'LLYon: PAUSED in place of the ringed session, every badge not ' +
      'tradable, the reason and end in words',
    async () => {
      await withHarness({ marketTime: EVENING_BEFORE_SPLIT, extraSymbols: ['LLYon'] }, async ({ page }) => {
        const row = rowOf(page, 'LLYon')
        const tag = row.locator('.pause-tag')
        await tag.waitFor()
        expect(await tag.textContent()).toBe('PAUSED')
        expect(await tag.getAttribute('aria-label')).toBe(
          'Paused by the service: Stock split, until Nov 16, 04:00:00 ET',
        )
        expect(await row.locator('.pause-reason').textContent()).toBe('Stock split · until Mon 04:00 ET')
        // No session ringed, none tradable: the overnight badge's place is the tag's.
        expect(await row.locator('.badge-now').count()).toBe(0)
        expect(await row.locator('.badge[data-tradable="true"]').count()).toBe(0)
        expect(await row.locator('.badge[data-session="overnight"]').count()).toBe(0)
        // Another row keeps its ringed session.
        expect(await rowOf(page, 'AAPLon').locator('.badge-now').getAttribute('data-session')).toBe(
          'overnight',
        )
        await row.click()
        await page.keyboard.press('Enter')
        const pauses = page.getByRole('region', { name: 'Pauses' })
        await pauses.locator('.pause-now').waitFor()
        expect(await pauses.locator('.pause-now').textContent()).toBe(
          'PAUSED Stock split, until Nov 16, 04:00:00 ET; the multiplier will change',
        )
      })
    },
  )

  it(
    'an hour before the pause: the split listed as coming, with its ' +
      'multiplier change, and the row marked',
    async () => {
      await withHarness(
        { marketTime: Date.UTC(2026, 10, 16, 0, 50) - HOUR, extraSymbols: ['LLYon'] },
        async ({ page }) => {
          const row = rowOf(page, 'LLYon')
          await row.locator('.pause-soon').waitFor()
          expect(await row.locator('.pause-tag').count()).toBe(0)
          expect(await row.locator('.pause-soon').getAttribute('aria-label')).toMatch(
            /^Coming: Stock split pause from Nov 15, 19:50:00 ET/,
          )
          await row.click()
          await page.keyboard.press('Enter')
          const upcoming = page.getByRole('list', { name: 'Announced pauses' })
          await upcoming.waitFor()
          expect(await upcoming.locator('li').allTextContents()).toContain(
            'Stock split pause from Nov 15, 19:50:00 ET until Nov 16, 04:00:00 ' +
              'ET; the multiplier will change',
          )
        },
      )
    },
  )
})

describe('the market as the service says it', () => {
  it(
    "an unscheduled halt: the header shows the service's state, " +
      'marked so, not "Regular"; no badge tradable',
    async () => {
      const marketPause = { start: TUESDAY_LATE_MORNING - HOUR, end: TUESDAY_LATE_MORNING + HOUR }
      await withHarness({ marketTime: TUESDAY_LATE_MORNING, readings: { marketPause } }, async ({ page }) => {
        const clock = page.locator('.session-clock[data-source="service"]')
        await clock.waitFor()
        expect(await clock.locator('.session-name').textContent()).toBe('Paused, unscheduled pause (service)')
        expect(await clock.locator('.session-next').textContent()).toBe('Opens Nov 17, 12:32:10 ET')
        const row = rowOf(page, 'AAPLon')
        expect(await row.locator('.badge-now').count()).toBe(0)
        // The whole market halted: no session reads tradable, though the token trades in them all.
        expect(await row.locator('.badge').count()).toBeGreaterThan(0)
        expect(await row.locator('.badge[data-tradable="true"]').count()).toBe(0)
        expect(await row.locator('.badge[data-session="regular"]').getAttribute('aria-label')).toBe(
          'Regular: not tradable, market paused by the service',
        )
        expect(await row.locator('.pause-tag').count()).toBe(0)
      })
    },
  )

  it('an earnings limit: LIMITED, the badges still tradable', async () => {
    // The simulator live-sim.ts starts (seed 11), with 400 assets, lists earnings limits in the week ahead.
    const probe = await startSimServer({
      apiKey: LIVE_API_KEY,
      assets: 400,
      seed: 11,
      clock: () => TUESDAY_LATE_MORNING,
    })
    const answer = await fetch(`${probe.url}/v1/status/assets`, { headers: { 'x-api-key': LIVE_API_KEY } })
    await probe.close()
    const listed = (await answer.json()) as Array<{
      symbol: string
      reason?: { message: string }
      start: string
    }>
    const earnings = listed.find((pause) => pause.reason?.message.toLowerCase() === 'earnings')
    expect(earnings).toBeDefined()
    const symbol = earnings?.symbol as string
    await withHarness(
      { marketTime: Date.parse(earnings?.start as string) + HOUR, assets: 400, extraSymbols: [symbol] },
      async ({ page }) => {
        const row = rowOf(page, symbol)
        await row.locator('.pause-tag').waitFor()
        expect(await row.locator('.pause-tag').textContent()).toBe('LIMITED')
        expect(await row.locator('.pause-reason').textContent()).toMatch(/^Earnings · until /)
        expect(await row.locator('.badge[data-tradable="true"]').count()).toBeGreaterThan(0)
      },
    )
  })
})

describe('trading capacity in the detail', () => {
  for (const closedMarketForm of ['reason', 'forbidden'] as const)
    it(
      `the weekend refused (${closedMarketForm === 'reason' ? 'a 200 with a reason' : 'a 403'}` +
        `): the reason in words, the key untouched`,
      async () => {
        await withHarness(
          { marketTime: SATURDAY_NOON, readings: { closedMarketForm } },
          async ({ page, core }) => {
            await rowOf(page, 'AAPLon').click()
            await page.keyboard.press('Enter')
            const capacity = page.getByRole('region', { name: 'Trading capacity now' })
            await capacity.locator('.capacity-line').first().waitFor()
            expect(await capacity.locator('.capacity-line').allTextContents()).toEqual([
              'Buy now: Market closed for the weekend',
              'Sell now: Market closed for the weekend',
            ])
            await capacity.getByLabel('Quick check: buy').fill('100')
            await capacity.getByText('Not now: Market closed for the weekend').waitFor()
            expect(core.status().connection).toBe('online')
            expect(await page.getByRole('alert').filter({ hasText: /key/i }).count()).toBe(0)
          },
        )
      },
    )

  it('bad input in the quick check is answered under the field', async () => {
    await withHarness({ marketTime: TUESDAY_LATE_MORNING }, async ({ page }) => {
      await rowOf(page, 'AAPLon').click()
      await page.keyboard.press('Enter')
      const capacity = page.getByRole('region', { name: 'Trading capacity now' })
      await capacity.getByLabel('Quick check: buy').fill('12abc')
      expect(await capacity.locator('.field-error').textContent()).toBe('Type dollars, like 1500 or 1,500.50')
    })
  })
})

describe('the optional yield column', () => {
  it("chosen for a list: each shown symbol's trailing yield, asked one symbol at a time", async () => {
    await withHarness({ marketTime: TUESDAY_LATE_MORNING }, async ({ page, core, sim }) => {
      // A few columns, so the optional one (the first to give way in a narrow window) has room.
      const columns = ['symbol', 'price', 'changePct24h', 'sessions', 'dividendYield'] as const
      expect((await core.invoke('updateList', { listId: 'l1', columns: [...columns] })).ok).toBe(true)
      const cell = rowOf(page, 'AAPLon').locator('.cell-dividendYield')
      await expect.poll(() => cell.textContent(), { timeout: 15_000 }).toMatch(/^\d+(\.\d+)?%$/)
      // Asked in turn, spaced: not the list's eight symbols at once.
      expect(sim.stats().byEndpoint.dividends).toBeLessThanOrEqual(2)
    })
  })
})

describe("a service with the spec's five endpoints only", () => {
  it('each feature says once, in place, that the service does not publish it', async () => {
    await withHarness({ marketTime: TUESDAY_LATE_MORNING, specOnly: true }, async ({ page }) => {
      await page.locator('.service-mark[data-source="calendar"]').waitFor()
      expect(await page.locator('.service-mark').textContent()).toBe('calendar only')
      await rowOf(page, 'AAPLon').click()
      await page.keyboard.press('Enter')
      const panel = page.getByRole('complementary')
      await panel.getByText('This service does not publish trading capacity.').waitFor()
      await panel.getByText('This service does not publish dividends.').waitFor()
      expect(await panel.locator('.not-published').allTextContents()).toEqual([
        'This service does not publish asset pauses.',
        'This service does not publish trading capacity.',
        'This service does not publish dividends.',
      ])
      expect(await page.locator('.pause-tag').count()).toBe(0)
    })
  })
})
