import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Dec } from '../../../src/shared/decimal'
import type { Transaction } from '../../../src/shared/holdings'
import { replayLedger } from '../../../src/main/core/holdings/ledger-replay'

/**
 * Ledgers that always replay: per symbol, each sell is at most what is held at its time. Times are
 * distinct seconds from a fixed start, so the properties never depend on the day they run.
 */
const START = Date.parse('2026-01-05T14:30:00Z')
const decimalText = (maxUnits: number, scale: number) =>
  fc
    .integer({ min: 1, max: maxUnits })
    .map((units) => new Dec(units).dividedBy(new Dec(10).pow(scale)).toString())

const step = fc.record({
  symbol: fc.constantFrom('AAPLon', 'TSLAon', 'NVDAon'),
  sell: fc.boolean(),
  fraction: fc.integer({ min: 1, max: 100 }),
  quantity: decimalText(10 ** 9, 6),
  price: decimalText(10 ** 7, 4),
  fee: fc.oneof(fc.constant('0'), decimalText(1000, 2)),
})

const ledgerArbitrary = fc.array(step, { minLength: 1, maxLength: 40 }).map((steps) => {
  const held = new Map<string, Dec>()
  return steps.map((s, index): Transaction => {
    const holding = held.get(s.symbol) ?? new Dec(0)
    // A sell of a share of what is held (to 18 decimals), or a buy when nothing is.
    const sellQuantity = holding.times(s.fraction).dividedBy(100).toDecimalPlaces(18, Dec.ROUND_DOWN)
    const isSell = s.sell && sellQuantity.greaterThan(0)
    const quantity = isSell ? sellQuantity : new Dec(s.quantity)
    held.set(s.symbol, isSell ? holding.minus(quantity) : holding.plus(quantity))
    return {
      id: `t${index + 1}`,
      time: new Date(START + index * 1000).toISOString(),
      symbol: s.symbol,
      side: isSell ? 'sell' : 'buy',
      quantity: quantity.toString(),
      price: s.price,
      fee: s.fee,
      note: null,
    }
  })
})

/** Unrealized at each symbol's last price: value - cost. */
function totalPnl(transactions: Transaction[], method: 'average' | 'fifo'): Map<string, Dec> {
  const replay = replayLedger(transactions, method)
  if (!replay.ok) throw new Error(replay.oversold.message)
  const lastPrice = new Map(transactions.map((t) => [t.symbol, t.price]))
  return new Map(
    replay.positions.map((p) => [
      p.symbol,
      new Dec(p.realized).plus(new Dec(p.quantity).times(lastPrice.get(p.symbol) as string)).minus(p.cost),
    ]),
  )
}

describe('ledger replay properties', () => {
  it('average cost and FIFO agree on realized + unrealized; they differ only in the split', () => {
    fc.assert(
      fc.property(ledgerArbitrary, (ledger) => {
        const average = totalPnl(ledger, 'average')
        const fifo = totalPnl(ledger, 'fifo')
        for (const [symbol, pnl] of average) {
          // Equal to far below a cent: the only difference is 80-digit rounding of the quotients.
          expect(
            pnl
              .minus(fifo.get(symbol) as Dec)
              .abs()
              .lessThan('1e-40'),
          ).toBe(true)
        }
      }),
      { numRuns: 200 },
    )
  })

  it('gives the same positions in whatever order the transactions were entered', () => {
    fc.assert(
      fc.property(
        ledgerArbitrary.chain((ledger) =>
          fc
            .shuffledSubarray(ledger, { minLength: ledger.length, maxLength: ledger.length })
            .map((shuffled) => ({ ledger, shuffled })),
        ),
        fc.constantFrom('average' as const, 'fifo' as const),
        ({ ledger, shuffled }, method) => {
          // Entered in another order, the ids follow the order of entry.
          const entered = shuffled.map((t, index) => ({ ...t, id: `t${index + 1}` }))
          expect(replayLedger(entered, method)).toEqual(replayLedger(ledger, method))
        },
      ),
      { numRuns: 200 },
    )
  })
})
