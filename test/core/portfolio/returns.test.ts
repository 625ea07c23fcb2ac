import { describe, expect, it } from 'vitest'
import { BigDecimal } from '../../../src/main/core/portfolio/big-decimal'
import {
  type CashFlow,
  type StepInput,
  moneyWeighted,
  timeWeighted,
} from '../../../src/main/core/portfolio/returns'
import { Dec, toFixedString } from '../../../src/shared/decimal'

/**
 * The returns on their own, from a series' counts (time-weighted) and from cash flows
 * (money-weighted), against figures worked out independently in decimal.js at 60 digits.
 */

const DAY_MS = 86_400_000
const Wide = Dec.clone({ precision: 60 })

/** A series in cents: each figure a count of 10^-2 as typed ("1000.00" is 100000n). */
function cents(...texts: string[]): bigint[] {
  return texts.map((text) => BigInt(text.replace('.', '')))
}

function steps(values: string[], flows: string[], inflows: string[]): StepInput {
  return { exponent: -2, values: cents(...values), flows: cents(...flows), inflows: cents(...inflows) }
}

const flow = (k: number, amount: string): CashFlow => ({ k, amount: BigDecimal.parse(amount) })

describe('timeWeighted: the chain-linked return of a series', () => {
  it('is null where nothing was ever at work', () => {
    expect(
      timeWeighted(steps(['0.00', '0.00', '0.00'], ['0.00', '0.00', '0.00'], ['0.00', '0.00', '0.00'])),
    ).toBeNull()
  })

  it('leaves out a step with nothing at work, even where money moved in it', () => {
    // 0.35 paid at a point where nothing was held and nothing bought; then 1,000.00 bought,
    // worth 1,100.00 a point later: +10 % in all.
    const input = steps(
      ['0.00', '0.00', '1000.00', '1100.00'],
      ['0.00', '0.35', '1000.00', '0.00'],
      ['0.00', '0.00', '1000.00', '0.00'],
    )
    expect(timeWeighted(input)?.toFixed(10)).toBe('0.1000000000')
  })

  it('counts a buy at work in its point even where a sale at that point nets its money to nothing', () => {
    // 1,000.10 held; at the next point 500.05 bought and 500.05 of it sold (no money in or out on
    // balance), the value then 1,050.15: the step's P&L of 50.05 over the 1,500.15 at work in it.
    const input = steps(['1000.10', '1050.15'], ['0.00', '0.00'], ['0.00', '500.05'])
    const expected = new Wide('50.05').dividedBy('1500.15')
    expect(timeWeighted(input)?.toFixed(10)).toBe(expected.toFixed(10))
    expect(expected.toFixed(10)).toBe('0.0333633303')
  })
})

describe('moneyWeighted: the rate that discounts the flows to nothing', () => {
  it('finds a rate where the fast finder cannot (a triple root, p flat there) by bisection', () => {
    // 9,702.99 in, 29,403.00 out, 29,700.00 in, 10,000.00 out on four days: p(x) = 10,000 (x - 0.99)^3,
    // so the rate is 1 / 0.99 - 1 a day. At a triple root p's sign is known only some 1e-13 from
    // it at 40 digits: the rates within 1e-12 (a period of 3 days) and 1e-8 (a year).
    const flows = [flow(0, '-9702.99'), flow(1, '29403.00'), flow(2, '-29700.00'), flow(3, '10000.00')]
    const result = moneyWeighted(flows, DAY_MS, 3)
    if (!result.ok) throw new Error(result.reason)
    const x = new Wide('0.99')
    const period = x.pow(-3).minus(1)
    const annual = x.pow(-365).minus(1)
    expect(period.toFixed(10)).toBe('0.0306101521')
    expect(new Wide(result.period.toString()).minus(period).abs().lessThan('1e-12')).toBe(true)
    expect(new Wide(result.annual.toString()).minus(annual).abs().lessThan('1e-8')).toBe(true)
    // Every flow with the other sign: p(x) negated, the same root and the same rates.
    const negated = flows.map(({ k, amount }) => ({ k, amount: amount.negated() }))
    expect(moneyWeighted(negated, DAY_MS, 3)).toEqual(result)
  })

  it('says there is no solution where the flows have one sign', () => {
    const result = moneyWeighted([flow(0, '-1000.00'), flow(5, '-250.50')], DAY_MS, 5)
    expect(result).toEqual({ ok: false, reason: 'no solution: the cash flows do not change sign' })
  })
  it('finds a rate by bisection where the amounts are past a double (infinite to the fast finder)', () => {
    // 1e320 and 10 cents in, 1.1e320 and 35 cents out a year later: +10 % a year to some 1e-320.
    // As doubles the amounts are infinite and p is NaN at both ends: the finder gives up.
    const flows = [flow(0, `-1${'0'.repeat(320)}.10`), flow(365, `11${'0'.repeat(319)}.35`)]
    const result = moneyWeighted(flows, DAY_MS, 365)
    if (!result.ok) throw new Error(result.reason)
    expect(toFixedString(new Dec(result.annual.toString()), 10)).toBe('0.1000000000')
    expect(new Wide(result.annual.toString()).minus('0.1').abs().lessThan('1e-24')).toBe(true)
    expect(new Wide(result.period.toString()).minus('0.1').abs().lessThan('1e-24')).toBe(true)
  })
  it('of several rates that discount the flows to nothing, gives the time-weighted return’s', () => {
    // 996.09 in, 2,992.29 out, 2,996.30 in, 1,000.10 out on four days: p(x) = 1,000.10 (x - 0.995)
    // (x - 0.999)(x - 1.002), three daily rates. Each one's time-weighted return finds that one.
    const flows = [
      flow(0, '-996.092609301'),
      flow(1, '2992.2921993'),
      flow(2, '-2996.2996'),
      flow(3, '1000.1'),
    ]
    for (const x of ['0.995', '0.999', '1.002']) {
      const period = new Wide(x).pow(-3).minus(1)
      const result = moneyWeighted(flows, DAY_MS, 3, BigDecimal.parse(period.toFixed(20)))
      if (!result.ok) throw new Error(result.reason)
      expect(toFixedString(new Dec(result.period.toString()), 10)).toBe(toFixedString(period, 10))
      const annual = new Wide(x).pow(-365).minus(1)
      expect(new Wide(result.annual.toString()).minus(annual).abs().lessThan('1e-24')).toBe(true)
    }
  })
})
