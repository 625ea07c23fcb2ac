import Decimal from 'decimal.js'
import { describe, expect, it } from 'vitest'
import { readDepth } from '../../src/main/core/depth/depth-reading'
import type { SoftQuoteDepthMessage } from '../../src/main/core/depth/depth-message'
import { walkLadder } from '../../src/shared/depth-walk'
import { type LadderWalk, depthErrorWords, ladderSpread, readWalkAmount } from '../../src/shared/depth'
import { uint64 } from '../support/uint64'

/**
 * The walk against figures worked out here independently: each expected fill, total and average is
 * written as the sum a trader would do by hand (level by level), computed with a decimal.js of its
 * own precision, not through the walk's code.
 */

const D = Decimal.clone({ precision: 60 })

/** A regular-session ladder of AAPLon around a display price of 230.15. */
const LADDER: SoftQuoteDepthMessage = {
  symbol: 'AAPLon',
  ticker: 'AAPL',
  session_type: 'regular',
  error: '',
  timestamp: uint64('1763478007000000000'),
  bids: [
    { price: '230.10', quantity: '1.25' },
    { price: '229.95', quantity: '2.5' },
    { price: '229.70', quantity: '4.125' },
  ],
  asks: [
    { price: '230.20', quantity: '1.5' },
    { price: '230.35', quantity: '2' },
    { price: '230.60', quantity: '5' },
  ],
}
const DISPLAY = '230.15'
const FAIR = '230.05'

const walked = (message: SoftQuoteDepthMessage, request: Parameters<typeof walkLadder>[1]): LadderWalk => {
  const outcome = walkLadder(readDepth(message), request)
  if (!outcome.ok) throw new Error(`not walked: ${outcome.message}`)
  return outcome.walk
}

/** Basis points worse than `ref`, rounded half-even to 4 places as the walk reports them. */
const bp = (worse: Decimal, ref: string) =>
  worse.div(ref).times(10_000).toDecimalPlaces(4, Decimal.ROUND_HALF_EVEN).toFixed(4)

describe('walking the ladder', () => {
  it('buys 3.5 tokens: 1.5 at 230.20 and 2 at 230.35', () => {
    const walk = walked(LADDER, {
      side: 'buy',
      amount: { unit: 'tokens', amount: '3.5' },
      displayPrice: DISPLAY,
      fairValue: FAIR,
    })
    const total = new D('1.5').times('230.20').plus(new D('2').times('230.35'))
    const average = total.div('3.5')
    expect(total.toFixed()).toBe('806')
    expect(walk.total).toBe(total.toFixed())
    expect(walk.filled).toBe('3.5')
    expect(walk.averagePrice).toBe(average.toDecimalPlaces(18).toFixed())
    expect(walk.slippageVsDisplay).toBe(bp(average.minus(DISPLAY), DISPLAY))
    expect(walk.slippageVsFair).toBe(bp(average.minus(FAIR), FAIR))
    expect(walk.exhausted).toBe(false)
    expect(walk.levelsUsed).toBe(2)
  })

  it('sells 3.5 tokens: 1.25 at 230.10, 2.25 at 229.95; slippage counts a lower price as worse', () => {
    const walk = walked(LADDER, {
      side: 'sell',
      amount: { unit: 'tokens', amount: '3.5' },
      displayPrice: DISPLAY,
      fairValue: FAIR,
    })
    const total = new D('1.25').times('230.10').plus(new D('2.25').times('229.95'))
    const average = total.div('3.5')
    expect(walk.total).toBe(total.toFixed())
    expect(walk.averagePrice).toBe(average.toDecimalPlaces(18).toFixed())
    expect(walk.slippageVsDisplay).toBe(bp(new D(DISPLAY).minus(average), DISPLAY))
    expect(Number(walk.slippageVsDisplay)).toBeGreaterThan(0)
    expect(walk.slippageVsFair).toBe(bp(new D(FAIR).minus(average), FAIR))
  })

  it(
    'spends $1,250.40: the first two asks whole, the rest of the ' + 'dollars at 230.60, cut at 18 decimals',
    () => {
      const amount = readWalkAmount('$1,250.40', 'dollars')
      expect(amount).toEqual({ ok: true, amount: '1250.40' })
      const walk = walked(LADDER, {
        side: 'buy',
        amount: { unit: 'dollars', amount: '1250.40' },
        displayPrice: DISPLAY,
        fairValue: null,
      })
      const firstTwo = new D('1.5').times('230.20').plus(new D('2').times('230.35'))
      const third = new D('1250.40').minus(firstTwo).div('230.60').toDecimalPlaces(18, Decimal.ROUND_DOWN)
      const filled = new D('3.5').plus(third)
      const total = firstTwo.plus(third.times('230.60'))
      expect(walk.filled).toBe(filled.toFixed())
      expect(walk.total).toBe(total.toFixed())
      expect(new D(walk.total).lte('1250.40')).toBe(true)
      expect(new D('1250.40').minus(walk.total).lt('0.000001')).toBe(true)
      expect(walk.averagePrice).toBe(total.div(filled).toDecimalPlaces(18).toFixed())
      expect(walk.slippageVsFair).toBeNull()
      expect(walk.exhausted).toBe(false)
      expect(walk.levelsUsed).toBe(3)
    },
  )

  it('more than the ladder holds: all of it, exhausted, with how much it holds', () => {
    const walk = walked(LADDER, {
      side: 'buy',
      amount: { unit: 'tokens', amount: '120.20' },
      displayPrice: DISPLAY,
      fairValue: FAIR,
    })
    const tokens = new D('1.5').plus('2').plus('5')
    const dollars = new D('1.5')
      .times('230.20')
      .plus(new D('2').times('230.35'))
      .plus(new D('5').times('230.60'))
    expect(walk.exhausted).toBe(true)
    expect(walk.filled).toBe(tokens.toFixed())
    expect(walk.total).toBe(dollars.toFixed())
    expect(walk.holds).toEqual({ tokens: tokens.toFixed(), dollars: dollars.toFixed() })
    const byDollars = walked(LADDER, {
      side: 'sell',
      amount: { unit: 'dollars', amount: '5000.10' },
      displayPrice: null,
      fairValue: null,
    })
    expect(byDollars.exhausted).toBe(true)
    expect(byDollars.holds.dollars).toBe(
      new D('1.25')
        .times('230.10')
        .plus(new D('2.5').times('229.95'))
        .plus(new D('4.125').times('229.70'))
        .toFixed(),
    )
    expect(byDollars.slippageVsDisplay).toBeNull()
  })

  it('exactly what the side holds is not more than it holds', () => {
    const walk = walked(LADDER, {
      side: 'sell',
      amount: { unit: 'tokens', amount: '7.875' },
      displayPrice: DISPLAY,
      fairValue: FAIR,
    })
    expect(walk.exhausted).toBe(false)
    expect(walk.filled).toBe('7.875')
  })

  it('refuses to walk a crossed ladder, one with an error, and an empty side', () => {
    const crossed = { ...LADDER, bids: [{ price: '230.40', quantity: '1.25' }, ...LADDER.bids] }
    const request = {
      side: 'buy' as const,
      amount: { unit: 'tokens' as const, amount: '3.5' },
      displayPrice: DISPLAY,
      fairValue: FAIR,
    }
    expect(readDepth(crossed).crossed).toBe(true)
    expect(walkLadder(readDepth(crossed), request)).toMatchObject({ ok: false, reason: 'crossed' })
    const paused = { ...LADDER, session_type: 'regular', error: 'ASSET_PAUSED: Stock_Split' }
    expect(walkLadder(readDepth(paused), request)).toEqual({
      ok: false,
      reason: 'error',
      message: 'ASSET_PAUSED: Stock_Split',
    })
    expect(walkLadder(readDepth({ ...LADDER, asks: [] }), request)).toMatchObject({
      ok: false,
      reason: 'empty',
    })
  })
})

describe('reading the amount a trader types', () => {
  it('takes 3.5, 1,250.40 and $1,250.40; says what is wrong otherwise', () => {
    expect(readWalkAmount('3.5', 'tokens')).toEqual({ ok: true, amount: '3.5' })
    expect(readWalkAmount(' 1,250.40 ', 'dollars')).toEqual({ ok: true, amount: '1250.40' })
    expect(readWalkAmount('', 'tokens')).toEqual({ ok: false, message: 'Enter an amount in tokens.' })
    expect(readWalkAmount('$3.5', 'tokens')).toMatchObject({
      ok: false,
      message: 'A number of tokens has no $ sign.',
    })
    expect(readWalkAmount('0.00', 'tokens')).toMatchObject({
      ok: false,
      message: 'The amount must be more than zero.',
    })
    for (const bad of ['-3.5', '3.5.1', '1e3', '12,50.4', 'abc'])
      expect(readWalkAmount(bad, 'tokens')).toMatchObject({
        ok: false,
        message: expect.stringContaining('is not an amount'),
      })
  })
})

describe('the ladder said in words', () => {
  it('puts the service’s error codes in words and shows any other error as sent', () => {
    expect(depthErrorWords('ASSET_PAUSED: Stock_Split')).toBe('paused for a stock split')
    expect(depthErrorWords('ASSET_PAUSED: cash_dividend')).toBe('paused for a dividend')
    expect(depthErrorWords('MARKET_CLOSED: Weekend/Holiday')).toBe('market closed')
    expect(depthErrorWords('MARKET_PAUSED: Between_Sessions')).toBe('market paused between sessions')
    expect(depthErrorWords('price stale')).toBe('price stale')
    expect(depthErrorWords('Quote engine busy')).toBe('Quote engine busy')
  })

  it('the spread and the mid against the display price, in basis points', () => {
    // Best bid 230.10, best ask 230.20: spread 0.10 and mid 230.15, over a display price of 230.05.
    expect(ladderSpread(readDepth(LADDER), '230.05')).toEqual({
      spreadBp: new D('0.10').div('230.05').times(10_000).toFixed(2),
      midVsDisplayBp: new D('0.10').div('230.05').times(10_000).toFixed(2),
    })
    expect(ladderSpread(readDepth({ ...LADDER, bids: [] }), DISPLAY)).toBeNull()
  })
})
