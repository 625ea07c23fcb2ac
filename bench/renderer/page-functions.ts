import type { AssetChange, AssetQuote, Delta } from '../../src/shared/domain'

/**
 * Functions the benchmark runs inside the page (through page.evaluate), on the renderer's test
 * hooks (src/renderer/instrument.ts): `__twPerf` applies a payload and returns the milliseconds
 * until React committed it; `__twRenderCounts` counts each row's renders. Like page-bridge.ts,
 * each function may use nothing from outside its own body.
 */

/**
 * Shows a watchlist of `rows` assets: the canned snapshot's assets, repeated under new symbols
 * ("AAPLon", then "AAPL1on", "AAPL2on", ...) when more rows are asked for than it holds, each a
 * separate copy as IPC would deliver. Returns the milliseconds the renderer took to commit it.
 */
export async function showRows(args: { rows: number; asOf: number }): Promise<number> {
  const state = window.__bench
  const perf = window.__twPerf
  if (!state || !perf) throw new Error('the page has no benchmark bridge or no ?instrument=1 hooks')
  const base = await state.requestSnapshot(true)
  const assets: AssetQuote[] = []
  for (let index = 0; index < args.rows; index++) {
    const asset = base.assets[index % base.assets.length] as AssetQuote
    const copy = Math.floor(index / base.assets.length)
    const symbol = copy === 0 ? asset.symbol : `${asset.symbol.slice(0, -2)}${copy}on`
    assets.push({ ...structuredClone(asset), symbol })
  }
  state.snapshot = { ...base, asOf: args.asOf, assets }
  state.deltasSent = 0
  return perf.snapshot(state.snapshot)
}

export interface DeltaTimings {
  /** Per delta: milliseconds from delivery to React's commit. */
  ms: number[]
  /** Per delta: rows that rendered, and changed rows that were in the DOM (so had to render). */
  rendered: number[]
  changedInDom: number[]
}

/**
 * Delivers `count` deltas, each moving the prices of the first `changed` rows (so every row in
 * view changes: the most work a delta of that size can cause), one frame apart, as polls would.
 * After each, untimed, main's status push saying the endpoints have just answered, as the app's
 * polls send with their deltas: without it, the rows of a bench running for more than twice the
 * prices' cadence count as stale while their deltas still come, which the app never shows.
 */
export async function deliverDeltas(args: {
  count: number
  changed: number
  /** Every row is held: each delta comes with main's push of the changed rows' positions. */
  holdings?: boolean
}): Promise<DeltaTimings> {
  const state = window.__bench
  const perf = window.__twPerf
  const renderCounts = window.__twRenderCounts
  if (!state?.snapshot || !perf || !renderCounts) throw new Error('call showRows first, with ?instrument=1')
  const changedAssets = state.snapshot.assets.slice(0, args.changed)
  // Odd deltas move the last digit of each price, even ones move it back: always a real change.
  const moved = (text: string | null, odd: boolean): string | null => {
    if (text === null || !odd) return text
    const last = text.charCodeAt(text.length - 1) - 48
    return last >= 0 && last <= 9 ? text.slice(0, -1) + String((last + 1) % 10) : text
  }
  const fieldsOf = (asset: AssetQuote, odd: boolean, asOf: number): AssetChange['fields'] => ({
    price: moved(asset.price, odd),
    priceTimestamp: asOf,
    underlying: asset.underlying && {
      ...asset.underlying,
      price: moved(asset.underlying.price, odd) as string,
    },
    fairValue: moved(asset.fairValue, odd),
    premiumPct: moved(asset.premiumPct, odd),
  })
  // Every row held: 10 tokens at its price, so value, P&L and the rest move with each price.
  const positionOf = (asset: AssetQuote, moving: boolean) => {
    const value = moved(asset.price, moving) ?? '0'
    return {
      symbol: asset.symbol,
      quantity: '10',
      cost: '1000',
      averageCost: '100',
      realized: '0',
      price: value,
      value,
      unrealized: `-${value}`,
      unrealizedPct: moved('-12.5', moving),
      dayChange: moved(asset.change24h, moving),
      fairValue: asset.fairValue,
      valueAtFairValue: asset.fairValue,
      unrealizedAtFairValue: '0',
      premiumExposure: moved(asset.premiumPct, moving),
      stale: false,
      quantityFrom: 'ledger' as const,
      ledgerQuantity: '10',
      uncosted: null,
    }
  }
  const portfolioOf = (all: AssetQuote[], changed: AssetQuote[], odd: boolean) => {
    const moving = new Set(changed.map((asset) => asset.symbol))
    const positions = all.map((asset) => positionOf(asset, odd && moving.has(asset.symbol)))
    const totals = {
      cost: '0',
      realized: '0',
      value: '0',
      unrealized: '0',
      dayChange: '0',
      valueAtFairValue: '0',
      premiumExposure: '0',
    }
    return {
      method: 'average' as const,
      quantitySource: 'ledger' as const,
      quantityFallback: null,
      walletsUnavailable: null,
      asOf: '2026-11-17T16:32:10.000Z',
      positions,
      totals,
      problem: null,
    }
  }
  const totalRenders = () => Object.values(renderCounts).reduce((sum, count) => sum + count, 0)
  const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))

  const timings: DeltaTimings = { ms: [], rendered: [], changedInDom: [] }
  for (let i = 0; i < args.count; i++) {
    state.deltasSent += 1
    const asOf = state.snapshot.asOf + state.deltasSent
    const odd = state.deltasSent % 2 === 1
    const delta: Delta = {
      asOf,
      changed: changedAssets.map((asset) => ({ symbol: asset.symbol, fields: fieldsOf(asset, odd, asOf) })),
      added: [],
      removed: [],
    }
    const inDom = new Set(
      [...document.querySelectorAll<HTMLElement>('[role="row"][data-symbol]')].map(
        (row) => row.dataset.symbol,
      ),
    )
    const rendersBefore = totalRenders()
    timings.ms.push(
      perf.delta(delta, args.holdings ? portfolioOf(state.snapshot.assets, changedAssets, odd) : undefined),
    )
    timings.rendered.push(totalRenders() - rendersBefore)
    timings.changedInDom.push(changedAssets.filter((asset) => inDom.has(asset.symbol)).length)
    state.pollAnswered()
    await nextFrame()
  }
  if (args.holdings && !document.querySelector('[role="gridcell"].cell-positionValue span'))
    throw new Error('the holding columns are not on screen: the case would time the market columns only')
  return timings
}
