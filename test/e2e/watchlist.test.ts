import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { compareDecimalStrings } from '../../src/shared/decimal'
import type { Delta } from '../../src/shared/domain'
import { packHistories } from '../../src/shared/packed-histories'
import { PackedHistory } from '../../src/main/core/feed/packed-history'
import { rowOf, shownOrder } from './harness'
import { startLiveHarness, type LiveHarness } from './live-sim'
import { harnessPerTest } from './per-test'
import { shownSymbols } from '../support/settings'
import { activeList as shownList } from '../../src/shared/watchlists'

/**
 * The watchlist in real Chromium, live against a simulated market whose prices move (see
 * live-sim.ts): updates in place, per-row re-rendering, add, remove, reorder, sort, keyboard.
 */

const harnesses = harnessPerTest<LiveHarness>()

function open(
  options: Pick<Parameters<typeof startLiveHarness>[0], 'instrument' | 'afterInvoke' | 'beforeEmit'> = {},
): Promise<LiveHarness> {
  return harnesses.open((browser) =>
    startLiveHarness({ browser, settings: { cadences: { pricesMs: 1000 } }, ...options }),
  )
}

/**
 * Stops the core's polling, so nothing but what the test sends reaches the page, and waits for a
 * poll already under way to land.
 */
async function pause(harness: LiveHarness): Promise<void> {
  expect(await harness.core.invoke('setPaused', { paused: true })).toEqual({ ok: true, value: true })
  await harness.settled()
}

const priceOf = (page: Page, symbol: string) => rowOf(page, symbol).locator('.cell-price .num')
const liveRegion = (page: Page) => page.locator('[aria-live="polite"]')

/**
 * Sends a one-symbol delta and reads that price's flash overlay once it shows the price and its
 * fade has started: the colour it last took, its fades running and when the fade began. Read in
 * the page, at once: from the test's side a fade could have ended. The exact text is the number's
 * tooltip, so a same value written differently is seen to arrive.
 */
function moveAndReadFlash(page: Page, delta: Delta) {
  return page.evaluate(async (delta) => {
    const { symbol, fields } = delta.changed[0]!
    const cell = (part: string) =>
      document.querySelector<HTMLElement>(`[data-symbol="${symbol}"] .cell-price ${part}`)
    const nextFrame = () => new Promise(requestAnimationFrame)
    window.__twEmit?.('delta', delta)
    for (let frame = 0; frame < 120 && cell('.num')?.title !== fields.price; frame++) await nextFrame()
    if (cell('.num')?.title !== fields.price) throw new Error(`${symbol} never showed ${fields.price}`)
    const overlay = cell('.flash')
    // A fade's start time is set once it has started (on the compositor, for opacity).
    await Promise.all(overlay?.getAnimations().map((fade) => fade.ready) ?? [])
    const running = overlay?.getAnimations().filter((fade) => fade.playState === 'running') ?? []
    return {
      direction: overlay?.dataset.direction ?? null,
      running: running.length,
      startTime: Number(running[0]?.startTime ?? Number.NaN),
    }
  }, delta)
}

describe('watchlist', () => {
  it('paints the rows first, then fills in every sparkline from the histories asked for after', async () => {
    const { page, core } = await open()
    await priceOf(page, 'AAPLon').waitFor()
    const symbols = core.currentSnapshot().assets.map((asset) => asset.symbol)
    for (const symbol of symbols) await rowOf(page, symbol).locator('svg.sparkline polyline').waitFor()
    expect(await page.locator('[role="row"][data-symbol] svg.sparkline').count()).toBe(symbols.length)
  })

  it('draws a new history that main passed on packed, as the poll worker sends market polls', async () => {
    const harness = await open()
    const { page, core } = harness
    const line = rowOf(page, 'TSLAon').locator('svg.sparkline polyline')
    await line.waitFor()
    await pause(harness)
    const before = await line.getAttribute('points')
    const asOf = core.currentSnapshot().asOf + 60_000
    // A falling day where the row had its own: the line must change shape.
    const history24h = Array.from({ length: 24 }, (_, i) => ({
      t: asOf - (24 - i) * 3_600_000,
      price: (300 - i * 5).toFixed(2),
    }))
    const delta = packHistories({
      asOf,
      changed: [{ symbol: 'TSLAon', fields: { price: '185.25', history24h } }],
      added: [],
      removed: [],
    })
    expect(delta.changed[0]?.fields.history24h).toBeUndefined()
    await page.evaluate((d) => window.__twEmit?.('delta', d), delta)
    await expect.poll(() => priceOf(page, 'TSLAon').textContent()).toBe('185.25')
    const after = await line.getAttribute('points')
    expect(after).not.toBe(before)
    // Falling all day: each point of the line lies lower on the screen than the one before.
    const ys = (after ?? '')
      .trim()
      .split(/\s+/)
      .map((point) => Number(point.split(',')[1]))
    expect(ys).toHaveLength(24)
    for (let i = 1; i < ys.length; i++) expect(ys[i]).toBeGreaterThan(ys[i - 1]!)
  })

  it("draws a history's tail as the whole, and one whose base it lacks from main's", async () => {
    const asked: string[] = []
    const harness = await open({ afterInvoke: async (name) => void asked.push(name) })
    const { page, core } = harness
    const line = rowOf(page, 'TSLAon').locator('svg.sparkline polyline')
    await line.waitFor()
    await pause(harness)
    const drawn = await line.getAttribute('points')
    const held = core.currentSnapshot().assets.find((asset) => asset.symbol === 'TSLAon')!.history24h
    const asOf = core.currentSnapshot().asOf + 60_000
    // A minute later the window slid by a point and the last point is the price at that instant.
    const next = [...held.slice(1), { t: asOf, price: '185.25' }]
    const historyTail = PackedHistory.of(next).continuing(PackedHistory.of(held))!
    expect(historyTail).toMatchObject({ drop: 1, keep: held.length - 1 })
    const send = (delta: Delta) => page.evaluate((d) => window.__twEmit?.('delta', d), packHistories(delta))
    const tailDelta = (at: number, price: string): Delta => ({
      asOf: at,
      changed: [{ symbol: 'TSLAon', fields: { price }, historyTail }],
      added: [],
      removed: [],
    })
    await send(tailDelta(asOf, '185.25'))
    await expect.poll(() => priceOf(page, 'TSLAon').textContent()).toBe('185.25')
    const fromTail = await line.getAttribute('points')
    expect(fromTail).not.toBe(drawn)
    // The same history sent whole draws the same line.
    await send({
      asOf: asOf + 1,
      changed: [{ symbol: 'TSLAon', fields: { price: '185.30', history24h: next } }],
      added: [],
      removed: [],
    })
    await expect.poll(() => priceOf(page, 'TSLAon').textContent()).toBe('185.30')
    expect(await line.getAttribute('points')).toBe(fromTail)

    // The same tail again: the window now holds `next`, not its base. It draws no line from it and
    // asks main for the histories, which hold the row's real one (main never saw these deltas).
    const askedBefore = asked.filter((name) => name === 'getSnapshot').length
    await send(tailDelta(asOf + 2, '185.35'))
    await expect.poll(() => priceOf(page, 'TSLAon').textContent()).toBe('185.35')
    await expect.poll(() => asked.filter((name) => name === 'getSnapshot').length).toBe(askedBefore + 1)
    await expect.poll(() => line.getAttribute('points')).toBe(drawn)
  })

  it('updates prices in place, and a changed price re-renders only its own row', async () => {
    const harness = await open({ instrument: true })
    const { page, core } = harness
    const row = await rowOf(page, 'AAPLon').elementHandle()
    const tickerItem = await page.locator('.ticker-item[data-symbol="AAPLon"]').first().elementHandle()
    const scroll = await page.evaluateHandle(
      () => document.querySelector('.ticker-track')?.getAnimations()[0],
    )
    const scrolledBefore = await scroll.evaluate((animation) => Number(animation?.currentTime))
    const before = await priceOf(page, 'AAPLon').textContent()
    await expect.poll(() => priceOf(page, 'AAPLon').textContent(), { timeout: 15_000 }).not.toBe(before)
    // The same element, still in the document, now shows the new price.
    expect(await row?.evaluate((el) => el.isConnected && el === document.getElementById('row-AAPLon'))).toBe(
      true,
    )
    // The ticker too: the same item shows it, and the same animation scrolls on from where it was.
    const shown = await priceOf(page, 'AAPLon').textContent()
    expect(
      await tickerItem?.evaluate((el) => el.isConnected && el.querySelector('.ticker-price')?.textContent),
    ).toBe(shown)
    const current = await page.evaluateHandle(
      () => document.querySelector('.ticker-track')?.getAnimations()[0],
    )
    expect(await page.evaluate(([a, b]) => a === b, [scroll, current] as const)).toBe(true)
    expect(await scroll.evaluate((animation) => Number(animation?.currentTime))).toBeGreaterThan(
      scrolledBefore,
    )
    // Hovering the strip pauses it.
    await page.locator('.ticker').hover()
    await expect.poll(() => scroll.evaluate((animation) => animation?.playState)).toBe('paused')
    await page.mouse.move(0, 0)

    await pause(harness)
    await page.evaluate(() => {
      const counts = window.__twRenderCounts ?? {}
      for (const symbol of Object.keys(counts)) delete counts[symbol]
    })
    const delta: Delta = {
      asOf: core.currentSnapshot().asOf + 60_000,
      changed: [{ symbol: 'TSLAon', fields: { price: '123.4567' } }],
      added: [],
      removed: [],
    }
    const flash = await moveAndReadFlash(page, delta)
    expect(await priceOf(page, 'TSLAon').textContent()).toBe('123.4567')
    expect(await page.evaluate(() => ({ ...window.__twRenderCounts }))).toEqual({ TSLAon: 1 })
    // The moved price flashes.
    expect(flash.running).toBe(1)
  })

  it(
    'flashes a moved price in the direction it moved, restarting ' + 'the fade, and not for a same value',
    async () => {
      const harness = await open()
      const { page, core } = harness
      await pause(harness)
      let asOf = core.currentSnapshot().asOf
      const move = (price: string) => {
        asOf += 60_000
        return moveAndReadFlash(page, {
          asOf,
          changed: [{ symbol: 'TSLAon', fields: { price } }],
          added: [],
          removed: [],
        })
      }
      // A price far from the simulator's, so the direction of the first move is known.
      const rise = await move('100000.5')
      expect(rise).toMatchObject({ direction: 'up', running: 1 })
      // Halfway through the fade, a fall restarts it, in the other colour.
      await page.waitForTimeout(450)
      const fall = await move('99999.25')
      expect(fall).toMatchObject({ direction: 'down', running: 1 })
      expect(fall.startTime).toBeGreaterThan(rise.startTime + 400)
      // The same value written differently is no move: the fade runs on, and ends.
      const same = await move('99999.250')
      expect(same).toMatchObject({ direction: 'down', startTime: fall.startTime })
      const overlay = rowOf(page, 'TSLAon').locator('.cell-price .flash')
      await expect.poll(() => overlay.evaluate((el) => el.getAnimations().length)).toBe(0)
      // The overlay stays, transparent: one element for the cell's life, none added per move.
      expect(await overlay.count()).toBe(1)
      expect(await overlay.evaluate((el) => getComputedStyle(el).opacity)).toBe('0')
      // Asked for less motion, prices move without the flash.
      await page.emulateMedia({ reducedMotion: 'reduce' })
      expect(await move('100001')).toMatchObject({ running: 0 })
    },
  )

  it('adds a symbol from the search by keyboard, and removes one with Delete, saying so', async () => {
    const { page, core } = await open()
    await page.keyboard.press('/')
    await page.keyboard.type('alphabet')
    const option = page.getByRole('option', { name: /GOOGLon/ })
    await expect.poll(() => option.getAttribute('aria-selected')).toBe('true')
    await page.keyboard.press('Enter')
    await rowOf(page, 'GOOGLon').locator('.cell-price .num').waitFor()
    await expect.poll(() => liveRegion(page).textContent()).toBe('Added GOOGLon to Watchlist')
    expect(shownSymbols(core.settings.get()).at(-1)).toBe('GOOGLon')

    await rowOf(page, 'TSLAon').click()
    await page.keyboard.press('Delete')
    await rowOf(page, 'TSLAon').waitFor({ state: 'detached' })
    await expect.poll(() => liveRegion(page).textContent()).toBe('Removed TSLAon from Watchlist')
    expect(shownSymbols(core.settings.get())).not.toContain('TSLAon')
    // The selection moved to the row that took its place.
    expect(await rowOf(page, 'SPYon').getAttribute('aria-selected')).toBe('true')
  })

  it('reorders rows with Alt+arrows and by dragging, and saves the order', async () => {
    const { page, core } = await open()
    expect((await shownOrder(page)).slice(0, 3)).toEqual(['AAPLon', 'NVDAon', 'TSLAon'])
    await rowOf(page, 'TSLAon').click()
    await page.keyboard.press('Alt+ArrowUp')
    await expect
      .poll(() => shownOrder(page).then((o) => o.slice(0, 3)))
      .toEqual(['AAPLon', 'TSLAon', 'NVDAon'])
    await expect
      .poll(() => shownSymbols(core.settings.get()).slice(0, 3))
      .toEqual(['AAPLon', 'TSLAon', 'NVDAon'])

    await rowOf(page, 'Fon').dragTo(rowOf(page, 'AAPLon'), { targetPosition: { x: 40, y: 4 } })
    await expect.poll(() => shownOrder(page).then((o) => o[0])).toBe('Fon')
    await expect.poll(() => shownSymbols(core.settings.get())[0]).toBe('Fon')
  })

  it('sorts by a column, numerically and both ways, then back to the watchlist order', async () => {
    const harness = await open()
    const { page, core } = harness
    await pause(harness)
    const watchlistOrder = await shownOrder(page)
    const header = page.getByRole('columnheader', { name: /Token price/ })
    const byPrice = (direction: 1 | -1) =>
      [...core.currentSnapshot().assets]
        .sort((a, b) => direction * compareDecimalStrings(a.price, b.price))
        .map((asset) => asset.symbol)

    await header.getByRole('button').click()
    expect(await header.getAttribute('aria-sort')).toBe('descending')
    await expect.poll(() => shownOrder(page)).toEqual(byPrice(-1))
    await header.getByRole('button').click()
    expect(await header.getAttribute('aria-sort')).toBe('ascending')
    await expect.poll(() => shownOrder(page)).toEqual(byPrice(1))
    await expect
      .poll(() => shownList(core.settings.get()).sort)
      .toEqual({ column: 'price', direction: 'asc' })
    await header.getByRole('button').click()
    expect(await header.getAttribute('aria-sort')).toBeNull()
    await expect.poll(() => shownOrder(page)).toEqual(watchlistOrder)
  })

  it('says "Rows follow the sort" once, counted, when Alt+Up is pressed again and again', async () => {
    const harness = await open()
    const { page } = harness
    await pause(harness)
    await page
      .getByRole('columnheader', { name: /Token price/ })
      .getByRole('button')
      .click()
    await rowOf(page, 'NVDAon').click()
    // As a person presses: three times, a few hundred milliseconds apart.
    for (const pauseMs of [350, 280, 0]) {
      await page.keyboard.press('Alt+ArrowUp')
      await page.waitForTimeout(pauseMs)
    }
    const toasts = page.getByRole('region', { name: 'Notifications' })
    await expect
      .poll(() => toasts.locator('.toast-title').allTextContents())
      .toEqual(['Rows follow the sort ×3'])
    // Its button still clears the sort.
    await toasts.getByRole('button', { name: 'Clear sort' }).click()
    await expect.poll(() => shownList(harness.core.settings.get()).sort).toBeNull()
  })

  it("keeps a second sort click on screen when the first one's push and answer come after it", async () => {
    // Main saves both clicks in order. The push of the first save is held until the second click
    // is on screen; the second save's answer follows the pushes main sent before it, as on main's
    // one IPC channel; the first save's answer comes last of all.
    const gate = () => {
      let open = () => {}
      const opened = new Promise<void>((resolve) => (open = resolve))
      return { open, opened }
    }
    const pushes = gate()
    const firstAnswer = gate()
    let saves = 0
    let settingsPushes = 0
    let clicking = false
    const harness: LiveHarness = await open({
      beforeEmit: (event) =>
        clicking && event === 'settings' && ++settingsPushes === 1 ? pushes.opened : Promise.resolve(),
      afterInvoke: async (name) => {
        if (name !== 'updateList') return
        if (++saves === 1) return firstAnswer.opened
        await pushes.opened
        await harness.settled()
      },
    })
    const { page, core } = harness
    await pause(harness)
    clicking = true
    const header = page.getByRole('columnheader', { name: /Token price/ })
    await header.getByRole('button').click()
    expect(await header.getAttribute('aria-sort')).toBe('descending')
    await header.getByRole('button').click()
    expect(await header.getAttribute('aria-sort')).toBe('ascending')
    // Main has saved the second click.
    await expect
      .poll(() => shownList(core.settings.get()).sort)
      .toEqual({ column: 'price', direction: 'asc' })
    // Every state the header takes from here on is seen, not only the last.
    await header.evaluate((cell) => {
      const seen: (string | null)[] = []
      Object.assign(window, { sortsSeen: seen })
      new MutationObserver(() => seen.push(cell.getAttribute('aria-sort'))).observe(cell, {
        attributes: true,
      })
    })
    pushes.open()
    await expect.poll(() => saves).toBe(2)
    firstAnswer.open()
    await harness.settled()
    expect(settingsPushes).toBe(2)
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))))
    expect(await page.evaluate(() => (window as unknown as { sortsSeen: string[] }).sortsSeen)).toEqual([])
    expect(await header.getAttribute('aria-sort')).toBe('ascending')
  })

  it('works by keyboard: arrows select, Enter opens details, Escape closes, ? lists shortcuts', async () => {
    const { page } = await open()
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('ArrowDown')
    expect(await rowOf(page, 'NVDAon').getAttribute('aria-selected')).toBe('true')
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-activedescendant'))).toBe(
      'row-NVDAon',
    )
    await page.keyboard.press('End')
    expect(await rowOf(page, 'Fon').getAttribute('aria-selected')).toBe('true')
    await page.keyboard.press('ArrowUp')
    await page.keyboard.press('Enter')
    const details = page.getByRole('complementary')
    await expect.poll(() => details.getByRole('heading', { level: 2 }).textContent()).toBe('QQQon')
    expect(await details.getByRole('table').textContent()).toContain('Max notional (USD)')
    await page.keyboard.press('Escape')
    await details.waitFor({ state: 'detached' })

    await page.keyboard.press('?')
    const shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
    await shortcuts.waitFor()
    expect(await shortcuts.textContent()).toContain('Remove the selected row')
    await page.keyboard.press('Escape')
    await shortcuts.waitFor({ state: 'detached' })
  })
})
