import Decimal from 'decimal.js'
import { describe, expect, it } from 'vitest'
import { replayLedger } from '../../../src/main/core/holdings/ledger-replay'
import type { LedgerPosition, LedgerSide, Transaction } from '../../../src/shared/holdings'
import { transactionInputSchema } from '../../../src/shared/holdings-schema'

/**
 * Issue 48: transfer-in and transfer-out move tokens without P&L. Every expected figure is computed
 * here with decimal.js from the trades' own numbers, apart from the replay's fixed point.
 */

const D = Decimal.clone({ precision: 100 })
let nextId = 1
function tx(time: string, side: LedgerSide, quantity: string, price: string, fee = '0'): Transaction {
  return { id: `t${nextId++}`, time, symbol: 'AAPLon', side, quantity, price, fee, note: null }
}

function only(transactions: Transaction[], method: 'average' | 'fifo'): LedgerPosition {
  const replay = replayLedger(transactions, method)
  if (!replay.ok) throw new Error(replay.oversold.message)
  expect(replay.positions).toHaveLength(1)
  return replay.positions[0] as LedgerPosition
}

const bought = tx('2026-03-02T10:15:00-05:00', 'buy', '3.5', '100.10', '1.25')
const movedIn = tx('2026-03-03T11:20:00-05:00', 'transfer-in', '2.25', '120.20', '0.40')

describe('ledger replay: transfers', () => {
  it('a transfer in adds its tokens at the cost basis given, with no P&L', () => {
    for (const method of ['average', 'fifo'] as const) {
      const position = only([bought, movedIn], method)
      const cost = new D('3.5').times('100.10').plus('1.25').plus(new D('2.25').times('120.20')).plus('0.40')
      expect(position.quantity).toBe(new D('3.5').plus('2.25').toString())
      expect(new D(position.cost).equals(cost)).toBe(true)
      expect(position.realized).toBe('0')
    }
  })

  it('a transfer out takes its tokens at their average cost and realizes only its fee', () => {
    const out = tx('2026-03-04T09:45:00-05:00', 'transfer-out', '1.75', '0', '0.30')
    const position = only([bought, movedIn, out], 'average')
    const costIn = new D('3.5').times('100.10').plus('1.25').plus(new D('2.25').times('120.20')).plus('0.40')
    const held = new D('5.75')
    const costLeft = costIn.minus(costIn.times('1.75').dividedBy(held))
    expect(position.quantity).toBe('4')
    expect(new D(position.cost).minus(costLeft).abs().lessThan('1e-70')).toBe(true)
    expect(position.realized).toBe('-0.3')
    // The average per token is what it was before the transfer out.
    expect(new D(position.averageCost as string).toSignificantDigits(20).toString()).toBe(
      costIn.dividedBy(held).toSignificantDigits(20).toString(),
    )
  })

  it('FIFO: a transfer out takes the oldest lots first; a later sell realizes against the rest', () => {
    const out = tx('2026-03-04T09:45:00-05:00', 'transfer-out', '3.5', '0')
    const sold = tx('2026-03-05T14:05:00-05:00', 'sell', '1.5', '131.35', '0.20')
    const position = only([bought, movedIn, out, sold], 'fifo')
    const transferredLot = new D('2.25').times('120.20').plus('0.40')
    // The bought lot left whole with the transfer; the sale takes 1.5 of the 2.25 transferred in.
    const soldCost = transferredLot.times('1.5').dividedBy('2.25')
    expect(position.quantity).toBe('0.75')
    expect(new D(position.cost).minus(transferredLot.minus(soldCost)).abs().lessThan('1e-70')).toBe(true)
    const realized = new D('1.5').times('131.35').minus('0.20').minus(soldCost)
    expect(new D(position.realized).minus(realized).abs().lessThan('1e-70')).toBe(true)
  })

  it('a transfer out of everything leaves cost exactly zero', () => {
    const out = tx('2026-03-04T09:45:00-05:00', 'transfer-out', '5.75', '0')
    for (const method of ['average', 'fifo'] as const)
      expect(only([bought, movedIn, out], method)).toMatchObject({
        quantity: '0',
        cost: '0',
        averageCost: null,
        realized: '0',
      })
  })

  it('refuses a transfer out larger than held, as a sell, naming it a transfer out', () => {
    const out = tx('2026-03-04T09:45:00-05:00', 'transfer-out', '3.6', '0')
    const replay = replayLedger([bought, out], 'average')
    expect(replay.ok).toBe(false)
    if (replay.ok) return
    expect(replay.oversold.held).toBe('3.5')
    expect(replay.oversold.message).toMatch(
      /^The transfer out of 3\.6 AAPLon at .* more than the 3\.5 AAPLon held then$/,
    )
  })

  it('replays a transfer in before a transfer out at the same instant', () => {
    const at = '2026-03-06T10:00:00-05:00'
    const out = tx(at, 'transfer-out', '2.25', '0')
    const movedAtOnce = tx(at, 'transfer-in', '2.25', '120.20')
    // Entered out first: the replay still takes the tokens in before it takes them out.
    expect(only([out, movedAtOnce], 'average').quantity).toBe('0')
  })

  it('refuses a transfer out with a price, and an unknown side, in words', () => {
    const base = { time: '2026-03-04T09:45:00-05:00', symbol: 'AAPLon', quantity: '1.75' }
    const priced = transactionInputSchema.safeParse({ ...base, side: 'transfer-out', price: '100.10' })
    expect(priced.success).toBe(false)
    expect(priced.error?.issues[0]).toMatchObject({
      path: ['price'],
      message: 'A transfer out has no price (its tokens leave at their cost): give 0',
    })
    const side = transactionInputSchema.safeParse({ ...base, side: 'gift', price: '0' })
    expect(side.error?.issues[0]?.message).toBe('The side must be buy, sell, transfer-in or transfer-out')
    const free = transactionInputSchema.safeParse({ ...base, side: 'transfer-in', price: '0' })
    expect(free.success).toBe(true)
  })
})
