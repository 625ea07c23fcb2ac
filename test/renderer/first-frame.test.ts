import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  NO_KEY,
  benchSettings,
  onlineStatus,
  polledSnapshot,
  simSnapshot,
} from '../../bench/renderer/fixtures'
import { firstFramePage, pageSize } from '../../src/main/electron/first-frame-page'
import { renderFirstFramePage } from '../../src/renderer/first-frame/server'
import { withoutHistories } from '../../src/shared/domain'
import type { FirstFrameState } from '../../src/shared/first-frame'
import { DEFAULT_SETTINGS, type Settings } from '../../src/shared/settings'

/**
 * Main's render of the page's first frame (React's server renderer, in Node): what the window
 * shows before any of the page's scripts has run.
 */

const TEMPLATE = readFileSync(join(__dirname, '..', '..', 'src', 'renderer', 'index.html'), 'utf8')
const ET_NOON_TUESDAY = Date.UTC(2026, 10, 17, 17, 0)
const ET_1300_SATURDAY = Date.UTC(2026, 10, 21, 18, 0)
/** Thanksgiving, 26 November 2026, 11:00 ET: a weekday with the exchange closed. */
const ET_1100_THANKSGIVING = Date.UTC(2026, 10, 26, 16, 0)

function stateAt(
  at: number,
  change: (settings: Settings) => Settings = (settings) => settings,
): FirstFrameState {
  const market = simSnapshot(60, at)
  const settings = change({ ...benchSettings(market), lists: DEFAULT_SETTINGS.lists })
  return {
    snapshot: withoutHistories(polledSnapshot(market, settings)),
    status: onlineStatus(at),
    settings,
    keyStatus: NO_KEY,
    renderedAt: at,
    windowSize: { width: 1280, height: 760 },
  }
}

/** The symbols of the rendered rows, and each one's price as shown. */
function rows(page: string): { symbol: string; price: string }[] {
  return [
    ...page.matchAll(
      new RegExp(
        String.raw`data-symbol="([^"]+)"[\s\S]*?class="cell cell-price[^"]*"` +
          String.raw`[\s\S]*?<span class="num[^"]*"[^>]*>([^<]+)<`,
        'g',
      ),
    ),
  ].map(([, symbol = '', price = '']) => ({ symbol, price }))
}

describe("main's first frame", () => {
  it("renders the shown list's rows with their prices into the page's root", () => {
    const state = stateAt(ET_NOON_TUESDAY)
    const page = renderFirstFramePage(TEMPLATE, state)
    const shown = rows(page)
    const list = state.settings.lists[0]?.symbols ?? []
    expect(shown.map((row) => row.symbol)).toEqual(list)
    // Prices as main holds them (decimal strings), formatted as the page formats them: no float.
    for (const row of shown) {
      const quote = state.snapshot.assets.find((asset) => asset.symbol === row.symbol)
      expect(quote?.price).toBeTruthy()
      expect(row.price.replaceAll(',', '')).toBe(row.price.replaceAll(',', '').trim())
      expect(Number(row.price.replaceAll(',', ''))).toBeCloseTo(Number(quote?.price), 1)
    }
    // The rest of the page is as built: head, stylesheets, scripts.
    expect(page.slice(0, page.indexOf('<html'))).toBe(TEMPLATE.slice(0, TEMPLATE.indexOf('<html')))
    expect(page).toContain(TEMPLATE.slice(TEMPLATE.indexOf('<head>'), TEMPLATE.indexOf('</head>')))
    expect(page).toContain('<script type="module" src="./main.tsx"></script>')
  })

  it('says how fresh its data is, at the time it was rendered', () => {
    const page = renderFirstFramePage(TEMPLATE, stateAt(ET_NOON_TUESDAY))
    expect(page).toMatch(/class="status-pill status-online"/)
    expect(page).toContain('data-phase="regular"')
  })

  it('shows the session of its own instant: a weekday, a weekend, a holiday', () => {
    expect(renderFirstFramePage(TEMPLATE, stateAt(ET_NOON_TUESDAY))).toContain('data-phase="regular"')
    const saturday = renderFirstFramePage(TEMPLATE, stateAt(ET_1300_SATURDAY))
    expect(saturday).toContain('data-phase="closed"')
    expect(saturday).toContain('Weekend')
    const thanksgiving = renderFirstFramePage(TEMPLATE, stateAt(ET_1100_THANKSGIVING))
    expect(thanksgiving).toContain('data-phase="closed"')
    expect(thanksgiving).toContain('Thanksgiving')
  })

  it("lays out for the window's size, and puts theme and density on <html> for the first paint", () => {
    const wide = renderFirstFramePage(TEMPLATE, stateAt(ET_NOON_TUESDAY))
    expect(wide).toContain('<html lang="en" data-theme="dark" data-density="comfortable">')
    expect(wide).toContain('data-layout="wide"')
    const narrow = renderFirstFramePage(TEMPLATE, {
      ...stateAt(ET_NOON_TUESDAY, (settings) => ({ ...settings, theme: 'light', density: 'compact' })),
      windowSize: { width: 380, height: 300 },
    })
    expect(narrow).toContain('<html lang="en" data-theme="light" data-density="compact">')
    expect(narrow).toContain('data-layout="narrow"')
    expect(narrow).toContain('data-height="short"')
  })

  it('renders an empty list as the empty watchlist, and the ticker strip alone in ticker mode', () => {
    const empty = renderFirstFramePage(
      TEMPLATE,
      stateAt(ET_NOON_TUESDAY, (settings) => ({
        ...settings,
        lists: settings.lists.map((list) => ({ ...list, symbols: [] })),
      })),
    )
    expect(empty).toContain('Your watchlist is empty')
    expect(rows(empty)).toEqual([])
    const ticker = renderFirstFramePage(
      TEMPLATE,
      stateAt(ET_NOON_TUESDAY, (settings) => ({ ...settings, tickerOnly: true })),
    )
    expect(ticker).toContain('class="ticker-only"')
    expect(ticker).not.toContain('role="grid"')
  })

  it('renders each load from its own state, not the one before', () => {
    const first = stateAt(ET_NOON_TUESDAY)
    const firstList = first.settings.lists[0]?.symbols ?? []
    renderFirstFramePage(TEMPLATE, first)
    const second = stateAt(ET_NOON_TUESDAY, (settings) => ({
      ...settings,
      lists: settings.lists.map((list) => ({ ...list, symbols: firstList.slice(0, 2) })),
    }))
    expect(rows(renderFirstFramePage(TEMPLATE, second)).map((row) => row.symbol)).toEqual(
      firstList.slice(0, 2),
    )
  })

  it('escapes what the service sends: a name cannot become markup', () => {
    const state = stateAt(ET_NOON_TUESDAY)
    const [first, ...rest] = state.snapshot.assets
    const hostile = '</div><script>alert(1)</script><img src=x onerror=alert(2)>'
    const page = renderFirstFramePage(TEMPLATE, {
      ...state,
      snapshot: { ...state.snapshot, assets: [{ ...first!, name: hostile }, ...rest] },
    })
    expect(page).not.toContain('<script>alert(1)')
    expect(page).not.toContain('<img src=x')
    expect(page.match(/<script/g)).toHaveLength(TEMPLATE.match(/<script/g)?.length ?? 0)
  })

  it('refuses a page without the root to render into', () => {
    expect(() => renderFirstFramePage('<html><body></body></html>', stateAt(ET_NOON_TUESDAY))).toThrow(/root/)
  })
})

describe('the page main serves', () => {
  const window = (width: number, height: number, zoom = 1) => ({
    getContentSize: () => [width, height],
    webContents: { getZoomFactor: () => zoom },
  })
  const answering = (state: FirstFrameState, failing?: string) => ({
    invoke: async (name: string) => {
      if (name === failing) return { ok: false as const, error: { code: 'internal', message: 'down' } }
      const values: Record<string, unknown> = {
        getSnapshot: state.snapshot,
        getStatus: state.status,
        getSettings: state.settings,
        getKeyStatus: state.keyStatus,
      }
      return { ok: true as const, value: values[name] }
    },
  })

  it("renders from what the page would ask for, at the window's size and time", async () => {
    const state = stateAt(ET_NOON_TUESDAY)
    const page = await firstFramePage(
      TEMPLATE,
      answering(state) as never,
      window(400, 700) as never,
      () => ET_1300_SATURDAY,
    )
    expect(page).toContain('data-layout="narrow"')
    expect(page).toContain('data-phase="closed"')
    expect(rows(page).map((row) => row.symbol)).toEqual(state.settings.lists[0]?.symbols)
  })

  it('measures the page in CSS pixels: a zoomed window is a narrower page', () => {
    expect(pageSize(window(1200, 800, 1.5) as never)).toEqual({ width: 800, height: 533 })
  })

  it('serves the plain page (the page renders its own frame) when main cannot answer', async () => {
    const state = stateAt(ET_NOON_TUESDAY)
    for (const failing of ['getSnapshot', 'getStatus', 'getSettings', 'getKeyStatus'])
      expect(
        await firstFramePage(TEMPLATE, answering(state, failing) as never, window(1280, 760) as never),
      ).toBe(TEMPLATE)
    expect(await firstFramePage(TEMPLATE, answering(state) as never, null)).toBe(TEMPLATE)
  })

  it('serves the plain page when rendering fails, and says why', async () => {
    const errors: unknown[][] = []
    const original = console.error
    console.error = (...args: unknown[]) => errors.push(args)
    try {
      const broken = '<html><body></body></html>'
      expect(
        await firstFramePage(
          broken,
          answering(stateAt(ET_NOON_TUESDAY)) as never,
          window(1280, 760) as never,
        ),
      ).toBe(broken)
    } finally {
      console.error = original
    }
    expect(String(errors[0]?.[0])).toContain('first frame could not be rendered')
  })
})
