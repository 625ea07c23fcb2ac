import fc from 'fast-check'
import { describe, expect, it, vi } from 'vitest'
import { PositionsTracker } from '../../../src/main/core/holdings/positions-tracker'
import { replayLedger } from '../../../src/main/core/holdings/ledger-replay'
import { valuePosition } from '../../../src/main/core/holdings/valuation'
import { formatMoney, formatPercent, formatSignedMoney, MISSING } from '../../../src/renderer/format'
import { Dec, isDecimalString } from '../../../src/shared/decimal'
import type { AssetQuote } from '../../../src/shared/domain'
import type { CostMethod, PortfolioUpdate, Transaction } from '../../../src/shared/holdings'
import { quoteOf } from '../../renderer/quote-fixtures'

/**
 * Every figure main sends the window is one the window can show (issue 44, item 1): average cost
 * divides once, at 80 places, and the window reads at most 40. Fixed market time: Tuesday
 * 17 November 2026, 11:32 ET; the trades are the Monday before.
 */
// The window's formatters use the user's locale: pinned here, so grouping and decimal mark are fixed.
const { NumberFormat } = Intl
vi.stubGlobal(
  'Intl',
  Object.create(Intl, {
    NumberFormat: {
      value: class extends NumberFormat {
        constructor(_locales?: Intl.LocalesArgument, options?: Intl.NumberFormatOptions) {
          super('en-US', options)
        }
      },
    },
  }),
)

const TUESDAY_1132 = Date.parse('2026-11-17T11:32:00-05:00')
const MONDAY = Date.parse('2026-11-16T10:00:00-05:00')

function trade(index: number, side: 'buy' | 'sell', quantity: string, price: string, fee = '0'): Transaction {
  const time = new Date(MONDAY + index * 60_000).toISOString().replace('.000Z', 'Z')
  return { id: `t${index + 1}`, time, symbol: 'NVDAon', side, quantity, price, fee, note: null }
}

function pushed(transactions: Transaction[], method: CostMethod, quotes: AssetQuote[]): PortfolioUpdate {
  const pushes: PortfolioUpdate[] = []
  new PositionsTracker(
    {
      transactions: () => transactions,
      method: () => method,
      quantitySource: () => 'ledger',
      walletQuantities: () => ({ ok: false, why: 'No wallet is watched' }),
      quotes: () => new Map(quotes.map((quote) => [quote.symbol, quote])),
      now: () => TUESDAY_1132,
    },
    (update) => pushes.push(update),
  ).ledgerChanged()
  return pushes.at(-1) as PortfolioUpdate
}

/** The figures the Holdings columns and the portfolio line show, as the window formats them. */
function shownFigures(update: PortfolioUpdate): Record<string, string> {
  const shown: Record<string, string> = {}
  for (const p of update.positions) {
    shown[`${p.symbol} value`] = formatMoney(p.value)
    shown[`${p.symbol} P&L`] = formatSignedMoney(p.unrealized)
    shown[`${p.symbol} P&L %`] = formatPercent(p.unrealizedPct)
    shown[`${p.symbol} 24h`] = formatSignedMoney(p.dayChange)
    shown[`${p.symbol} premium`] = formatSignedMoney(p.premiumExposure)
    shown[`${p.symbol} cost`] = formatMoney(p.cost)
    shown[`${p.symbol} realized`] = formatSignedMoney(p.realized)
  }
  const t = update.totals
  shown['Value'] = formatMoney(t.value)
  shown['24h'] = formatSignedMoney(t.dayChange)
  shown['P&L'] = formatSignedMoney(t.unrealized)
  shown['Realized'] = formatSignedMoney(t.realized)
  shown['Prem'] = formatSignedMoney(t.premiumExposure)
  return shown
}

const LEDGER = [
  trade(0, 'buy', '10', '100.10', '0.10'),
  trade(1, 'buy', '5', '120.20'),
  trade(2, 'sell', '8', '150.30', '0.20'),
]

describe('the holdings figures main sends the window', () => {
  it('shows P&L under average cost at the issue figures, to the cent as worked by hand', () => {
    const update = pushed(LEDGER, 'average', [quoteOf('NVDAon', { price: '176.11', change24h: '-5.3001' })])
    const shown = shownFigures(update)
    // By hand: cost 1,602.10 for 15; the sell takes 8/15 of it; 7 left at 176.11.
    expect(shown['NVDAon cost']).toBe('747.65')
    expect(shown['NVDAon value']).toBe('1,232.77')
    expect(shown['NVDAon P&L']).toBe('+485.12')
    expect(shown['NVDAon realized']).toBe('+347.75')
    expect(shown['NVDAon 24h']).toBe('-37.10')
    expect(shown['P&L']).toBe('+485.12')
    expect(shown['Realized']).toBe('+347.75')
    expect(shown['NVDAon P&L %']).toBe('+64.89%')
    // The tooltip's full figure: to 18 places, the window's bound.
    expect(update.positions[0]?.cost).toBe('747.646666666666666667')
    expect(update.totals.unrealized).toBe('485.123333333333333333')
  })

  it('keeps the full figure for the command line and the export (valuation, unbounded)', () => {
    const replay = replayLedger(LEDGER, 'average')
    if (!replay.ok) throw new Error(replay.oversold.message)
    const full = valuePosition(replay.positions[0]!, quoteOf('NVDAon', { price: '176.11' }))
    expect(full.cost?.split('.')[1]).toHaveLength(80)
  })

  it('under FIFO gives the same cents as before', () => {
    const update = pushed(LEDGER, 'fifo', [quoteOf('NVDAon', { price: '176.11' })])
    const shown = shownFigures(update)
    // The 8 sold are the first lot's: 8 x 100.11 = 800.88; left 2 x 100.11 + 601.00.
    expect(shown['NVDAon cost']).toBe('801.22')
    expect(shown['NVDAon P&L']).toBe('+431.55')
    expect(shown['Realized']).toBe('+401.32')
  })
})

/** A decimal of 2 to 6 places, as a trader types a price: 100.10, 3.141592. */
const price = fc
  .tuple(fc.integer({ min: 1, max: 5_000_000 }), fc.integer({ min: 2, max: 6 }))
  .map(([units, places]) => new Dec(units).dividedBy(new Dec(10).pow(places)).toFixed(places))
const quantity = fc
  .integer({ min: 1, max: 2_000_000 })
  .map((units) => new Dec(units).dividedBy(1000).toString())
const fee = fc.oneof(
  fc.constant('0'),
  fc.integer({ min: 1, max: 999 }).map((cents) => new Dec(cents).dividedBy(100).toFixed(2)),
)

const SYMBOLS = ['NVDAon', 'AAPLon', 'LLYon'] as const
const step = fc.record({
  symbol: fc.constantFrom(...SYMBOLS),
  sell: fc.boolean(),
  share: fc.integer({ min: 1, max: 100 }),
  quantity,
  price,
  fee,
})

/** 3 to 30 transactions; a sell takes a share of what is held then (sometimes all of it). */
const ledger = fc.array(step, { minLength: 3, maxLength: 30 }).map((steps) => {
  const held = new Map<string, Dec>()
  return steps.map((s, index): Transaction => {
    const holding = held.get(s.symbol) ?? new Dec(0)
    const sellQuantity = holding.times(s.share).dividedBy(100).toDecimalPlaces(3, Dec.ROUND_DOWN)
    const isSell = s.sell && sellQuantity.greaterThan(0)
    const amount = isSell ? sellQuantity : new Dec(s.quantity)
    held.set(s.symbol, isSell ? holding.minus(amount) : holding.plus(amount))
    return { ...trade(index, isSell ? 'sell' : 'buy', amount.toString(), s.price, s.fee), symbol: s.symbol }
  })
})

/** A price for some symbols (none for the others), with a 24 h change and an underlying. */
const quotes = fc
  .record({
    priced: fc.subarray([...SYMBOLS]),
    price,
    change: price,
    underlying: price,
  })
  .map(({ priced, price: last, change, underlying }) =>
    priced.map((symbol) =>
      quoteOf(symbol, {
        price: last,
        change24h: `-${change}`,
        underlying: { ...quoteOf(symbol).underlying!, price: underlying },
      }),
    ),
  )

describe('holdings figures, property', () => {
  it('every figure on screen is a number wherever a price exists, under both methods', () => {
    fc.assert(
      fc.property(
        ledger,
        quotes,
        fc.constantFrom<CostMethod>('average', 'fifo'),
        (transactions, priced, method) => {
          const update = pushed(transactions, method, priced)
          const shown = shownFigures(update)
          const hasPrice = new Set(priced.map((quote) => quote.symbol))
          for (const position of update.positions) {
            const held = position.quantity !== '0'
            for (const figure of ['cost', 'realized'] as const)
              expect(shown[`${position.symbol} ${figure}`]).not.toBe(MISSING)
            if (!hasPrice.has(position.symbol)) continue
            for (const figure of ['value', 'P&L', '24h', 'premium'])
              expect(shown[`${position.symbol} ${figure}`], `${position.symbol} ${figure}`).not.toBe(MISSING)
            if (held) expect(shown[`${position.symbol} P&L %`]).not.toBe(MISSING)
          }
          expect(shown['Realized']).not.toBe(MISSING)
          const everyHeldPriced = update.positions.every((p) => p.quantity === '0' || hasPrice.has(p.symbol))
          if (everyHeldPriced)
            for (const total of ['Value', '24h', 'P&L', 'Prem']) expect(shown[total], total).not.toBe(MISSING)
          // And what was sent is what the window's own check accepts.
          for (const { symbol: _symbol, quantityFrom: _from, ...figures } of update.positions)
            for (const value of Object.values(figures))
              if (typeof value === 'string') expect(isDecimalString(value)).toBe(true)
        },
      ),
      { numRuns: 200 },
    )
  })
})
