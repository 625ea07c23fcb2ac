import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LLY_SPLIT } from '../../src/main/sim/market/real-assets'
import { Dec } from '../../src/shared/decimal'
import { recordFirings } from './alert-steps'
import { launchBrowser, rowOf, unexpectedErrors } from './harness'
import { startLiveHarness, type LiveHarness } from './live-sim'
import { assertRendererBuilt } from './static-server'

/**
 * A stock split end to end: the simulator's LLYon takes a 4-for-1 split (its shares multiplier
 * steps to 4 times what it was) at a fixed instant. With the market clock two minutes before it,
 * a "shares multiplier changed" alert is set; the clock moves past the split, and the alert fires
 * with the step, and the detail panel marks the change: previous -> new, and when.
 */

const SYMBOL = 'LLYon'

let browser: Browser
let harness: LiveHarness

beforeAll(async () => {
  assertRendererBuilt()
  browser = await launchBrowser()
  harness = await startLiveHarness({ browser, marketTime: LLY_SPLIT.at - 2 * 60_000, extraSymbols: [SYMBOL] })
  await rowOf(harness.page, SYMBOL).locator('.cell-price .num').waitFor()
})
afterAll(async () => {
  expect(unexpectedErrors(harness)).toEqual([])
  await harness?.close()
  await browser?.close()
})

const multiplierOf = () =>
  harness.core.currentSnapshot().assets.find((asset) => asset.symbol === SYMBOL)?.sharesMultiplier ?? null

describe('a stock split', () => {
  it('fires the multiplier alert and marks the change in the detail panel', async () => {
    const { core, page } = harness
    const fired = recordFirings(core)
    const before = multiplierOf()
    expect(before).not.toBeNull()
    const input = { symbol: SYMBOL, condition: { kind: 'multiplier-change' }, cooldownMs: 0 } as const
    expect((await core.invoke('createAlert', { input })).ok).toBe(true)
    // The alert takes its first look at the multiplier with the next update.
    const snapshot = core.currentSnapshot()
    await core.invoke('refreshNow', undefined)
    await expect.poll(() => core.currentSnapshot() !== snapshot).toBe(true)
    expect(fired).toEqual([])

    await harness.advanceMarket(3 * 60_000)
    await core.invoke('refreshNow', undefined)
    await expect.poll(() => multiplierOf(), { timeout: 15_000 }).not.toBe(before)
    const after = multiplierOf() as string
    expect(new Dec(after).eq(new Dec(before as string).times(4))).toBe(true)
    await expect.poll(() => fired.length, { timeout: 15_000 }).toBe(1)
    expect(fired[0]?.entry.kind).toBe('multiplier-change')
    // The service announced the split's pause, with a multiplier change: the alert says it came in it.
    expect(fired[0]?.entry.message).toBe(
      `${SYMBOL} shares multiplier changed from ${before} to ${after}` +
        ` (x4), in the announced stock split pause from Nov 15, 19:50:00 ` +
        `ET until Nov 16, 04:00:00 ET`,
    )

    await rowOf(page, SYMBOL).click()
    await page.keyboard.press('Enter')
    const figure = page.locator('.multiplier-changed')
    await figure.waitFor()
    const text = (await figure.textContent()) ?? ''
    // Every digit of both, grouped as the panel groups them, and when.
    expect(text.replaceAll(',', '')).toContain(`${before} → ${after}`)
    expect(text).toMatch(/changed Nov 16, 0[34]:\d\d:\d\d/)
  })
})
