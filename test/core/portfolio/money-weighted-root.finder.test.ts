import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { BigDecimal } from '../../../src/main/core/portfolio/big-decimal'
import { type RootFlow, moneyWeightedRoot } from '../../../src/main/core/portfolio/money-weighted-root'
import { Dec } from '../../../src/shared/decimal'

/**
 * The money-weighted return's fast root finder on its own. Through returns.ts a finder that gave
 * up would go unseen: returns.ts then bisects in decimal.js and gets the same return, only slower
 * (the portfolio's cold time, issue #49). So here the finder itself must find the root, and the
 * root must be the one an independent bisection at 90 digits finds, to 1e-30 (the finder stops
 * once a step moves x by less than 1e-30).
 *
 * The flows are a holder's: deposits (negative) first, then withdrawals, then the value at the
 * end (positive), in cents as typed (100.10, 3.50): one change of sign, so one root. Daily
 * buckets over the app's bracket, -99 % to +10,000 % a year. Fixed seed: the same draws each run.
 */

const SEED = 4907
const Wide = Dec.clone({ precision: 90 })
type Wide = InstanceType<typeof Wide>
const PER_YEAR = 365
const LO = new Wide(101).pow(new Wide(-1).dividedBy(PER_YEAR))
const HI = new Wide('0.01').pow(new Wide(-1).dividedBy(PER_YEAR))
const BRACKET = { lo: BigDecimal.parse(LO.toFixed(60)), hi: BigDecimal.parse(HI.toFixed(60)) }

/** A count of cents as the dollars a trader types: 10010 is "100.10", -350 is "-3.50". */
function centsText(cents: number): string {
  const whole = Math.floor(Math.abs(cents) / 100)
  return `${cents < 0 ? '-' : ''}${whole}.${String(Math.abs(cents) % 100).padStart(2, '0')}`
}

const flow = (k: number, cents: number): RootFlow => ({ k, amount: BigDecimal.parse(centsText(cents)) })

/** p(x) = the sum of amount x^(k - k0), at 90 digits. */
function p(flows: readonly RootFlow[], x: Wide): Wide {
  const k0 = (flows[0] as RootFlow).k
  return flows.reduce(
    (sum, { k, amount }) => sum.plus(new Wide(amount.toString()).times(x.pow(k - k0))),
    new Wide(0),
  )
}

/** The root in [lo, hi] by bisection at 90 digits, to 1e-40; null where p keeps one sign. */
function bisected(flows: readonly RootFlow[], lo = LO, hi = HI): Wide | null {
  let a = lo
  let b = hi
  const atA = p(flows, a)
  if (atA.isNegative() === p(flows, b).isNegative()) return null
  while (b.minus(a).greaterThan('1e-40')) {
    const mid = a.plus(b).dividedBy(2)
    if (p(flows, mid).isNegative() === atA.isNegative()) a = mid
    else b = mid
  }
  return a.plus(b).dividedBy(2)
}

/** Deposits, withdrawals and a final value on distinct days, ascending. */
const holderFlows = fc
  .record({
    days: fc.uniqueArray(fc.integer({ min: 1, max: 420 }), { minLength: 1, maxLength: 14 }),
    deposits: fc.integer({ min: 1, max: 6 }),
    cents: fc.array(fc.integer({ min: 1, max: 2_500_000 }), { minLength: 15, maxLength: 15 }),
    /** The final value over what went in, in per mille: from a loss of 70 % to a gain of 180 %. */
    growth: fc.integer({ min: 300, max: 2_800 }),
  })
  .map(({ days, deposits, cents, growth }) => {
    const ks = [0, ...days.sort((a, b) => a - b)]
    const last = ks.length - 1
    const signed = ks.slice(0, last).map((_, i) => (i < deposits ? -1 : 1) * (cents[i] as number))
    const paidIn = signed.reduce((sum, amount) => sum + Math.max(0, -amount), 0)
    const flows = signed.map((amount, i) => flow(ks[i] as number, amount))
    flows.push(flow(ks[last] as number, Math.max(1, Math.round((paidIn * growth) / 1_000))))
    return flows
  })

function expectRootOf(
  flows: readonly RootFlow[],
  guess: number,
  reference = bisected(flows),
  bracket = BRACKET,
): void {
  if (reference === null) throw new Error('no root in the bracket: the flows should have one')
  const root = moneyWeightedRoot(flows, bracket.lo, bracket.hi, guess)
  expect(root, 'the finder gave up').not.toBeNull()
  const error = new Wide(root!.text()).minus(reference).abs()
  expect(error.lessThanOrEqualTo('1e-30'), `off by ${error.toExponential(3)}`).toBe(true)
}

describe("the money-weighted return's root finder", () => {
  it('finds the root bisection finds, to 1e-30, from no guess and from a guess', () => {
    fc.assert(
      fc.property(holderFlows, fc.double({ min: 0.99, max: 1.01, noNaN: true }), (flows, guess) => {
        const reference = bisected(flows)
        fc.pre(reference !== null)
        expectRootOf(flows, Number.NaN, reference)
        expectRootOf(flows, guess, reference)
      }),
      { seed: SEED, numRuns: 40 },
    )
  })

  it('finds it over flows on every day (gaps of one) and over flows weeks apart', () => {
    // 100.10 paid in each day for 60 days, then 3.50 taken out, then the value: 6,123.45.
    const daily = [
      ...Array.from({ length: 60 }, (_, k) => flow(k, -10_010)),
      flow(60, 350),
      flow(61, 612_345),
    ]
    expectRootOf(daily, Number.NaN)
    const weekly = [flow(0, -250_000), flow(7, -120_020), flow(91, 35_050), flow(364, 401_999)]
    expectRootOf(weekly, Number.NaN)
    expectRootOf(weekly, 0.9995)
  })

  it('finds a root at a loss and at a gain near the ends of the bracket', () => {
    // -95 % in a year, and +5,000 % in a year: x near each end of -99 % .. +10,000 %.
    expectRootOf([flow(0, -1_000_000), flow(365, 50_000)], Number.NaN)
    expectRootOf([flow(0, -1_000_000), flow(365, 51_000_000)], Number.NaN)
  })

  it('gives 10 % where 1,000.00 went in and 1,100.00 came out a bucket later', () => {
    // x = 1000 / 1100, outside a daily bracket: a bracket of its own, 0.5 to 2.
    const flows = [flow(0, -100_000), flow(1, 110_000)]
    const wide = { lo: BigDecimal.parse('0.5'), hi: BigDecimal.parse('2') }
    expectRootOf(flows, Number.NaN, bisected(flows, new Wide('0.5'), new Wide(2)), wide)
    const root = moneyWeightedRoot(flows, wide.lo, wide.hi, Number.NaN)
    expect(root!.inverseReturn(1).toFixed(20)).toBe('0.10000000000000000000')
  })

  it('gives up (null) where the flows keep one sign over the bracket', () => {
    // 99.9 % lost in a day: below -99 % a year, outside the bracket.
    expect(
      moneyWeightedRoot([flow(0, -100_000), flow(1, 100)], BRACKET.lo, BRACKET.hi, Number.NaN),
    ).toBeNull()
  })

  it('finds the same root with every flow written with the other sign', () => {
    // p(x) and -p(x) have the same roots: the holder's view or the portfolio's.
    const flows = [flow(0, -250_000), flow(7, -120_020), flow(91, 35_050), flow(364, 401_999)]
    const negated = flows.map(({ k, amount }) => ({ k, amount: amount.negated() }))
    expectRootOf(negated, Number.NaN, bisected(flows))
    expectRootOf(negated, 0.9995, bisected(flows))
  })

  it('finds the same root whatever number of decimals each amount is written with', () => {
    // 1,000 in, 3.125 and 150.5 out, then 900.10: the amounts' exponents differ (0, -3, -1, -2).
    const amounts = ['-1000', '3.125', '150.5', '900.10']
    const mixed = amounts.map((text, i) => ({
      k: [0, 30, 61, 120][i] as number,
      amount: BigDecimal.parse(text),
    }))
    const even = mixed.map(({ k, amount }) => ({
      k,
      amount: BigDecimal.parse(new Dec(amount.toString()).toFixed(3)),
    }))
    const reference = bisected(even)
    expectRootOf(mixed, Number.NaN, reference)
    expectRootOf(even, Number.NaN, reference)
  })

  it('finds a root on either end of the bracket, the end itself', () => {
    // 550.05 in and 1,100.10 out a bucket later: x = 0.5 exactly (+100 % a bucket).
    const flows = [flow(0, -55_005), flow(1, 110_010)]
    const half = BigDecimal.parse('0.5')
    const atLo = moneyWeightedRoot(flows, half, BigDecimal.parse('2'), Number.NaN)
    expect(atLo?.text()).toBe('0.5')
    const atHi = moneyWeightedRoot(flows, BigDecimal.parse('0.25'), half, Number.NaN)
    expect(atHi?.text()).toBe('0.5')
  })

  it('reads a bracket end held as a count of tens (1 x 10^1) as the same end', () => {
    // 1,000.00 in and 1,250.00 out a bucket later: x = 0.8, in [0.5, 10] however 10 is held.
    const flows = [flow(0, -100_000), flow(1, 125_000)]
    const lo = BigDecimal.parse('0.5')
    expect(moneyWeightedRoot(flows, lo, new BigDecimal(1n, 1), Number.NaN)?.text()).toBe('0.8')
    expect(moneyWeightedRoot(flows, lo, BigDecimal.parse('10'), Number.NaN)?.text()).toBe('0.8')
  })

  it('gives up (null) where p has the same sign at both ends, even with two roots between them', () => {
    // 999.98 in, 2,000.00 out the next day, 1,000.00 in the day after: p(x) = -999.98 + 2000 x -
    // 1000 x^2, negative at both ends of the daily bracket, zero at 1 -+ 0.00447 inside it.
    const flows = [flow(0, -99_998), flow(1, 200_000), flow(2, -100_000)]
    expect(p(flows, LO).isNegative() && p(flows, HI).isNegative()).toBe(true)
    expect(p(flows, new Wide(1)).isPositive()).toBe(true)
    expect(moneyWeightedRoot(flows, BRACKET.lo, BRACKET.hi, Number.NaN)).toBeNull()
    expect(moneyWeightedRoot(flows, BRACKET.lo, BRACKET.hi, 1.004)).toBeNull()
  })
})

/**
 * Flows whose p(x) is c (x^g - r1)(x^g - r2)(x^g - r3), written out: money in and out four times,
 * g buckets apart, with two of the roots close together, where p is nearly flat. The roots are
 * known exactly (r^(1/g) at 90 digits); the finder must reach one of them to 1e-30.
 */
function closeRoots(scale: string, roots: readonly string[], g: number): { flows: RootFlow[]; xs: Wide[] } {
  // The coefficients of c (y - r1)(y - r2)(y - r3), highest power first.
  let coefficients = [new Wide(scale)]
  for (const root of roots)
    coefficients = [...coefficients, new Wide(0)].map((c, i) =>
      i === 0 ? c : c.minus((coefficients[i - 1] as Wide).times(root)),
    )
  const flows = coefficients
    .map((c, i) => ({ k: (coefficients.length - 1 - i) * g, amount: BigDecimal.parse(c.toFixed()) }))
    .reverse()
  return { flows, xs: roots.map((root) => new Wide(root).pow(new Wide(1).dividedBy(g))) }
}

function expectOneOf(flows: readonly RootFlow[], xs: readonly Wide[], guess: number): void {
  const root = moneyWeightedRoot(flows, BRACKET.lo, BRACKET.hi, guess)
  expect(root, `the finder gave up from ${guess}`).not.toBeNull()
  const error = Wide.min(...xs.map((x) => new Wide(root!.text()).minus(x).abs()))
  expect(error.lessThanOrEqualTo('1e-30'), `off by ${error.toExponential(3)} from ${guess}`).toBe(true)
}

describe('the root finder where two roots lie close together (p nearly flat between them)', () => {
  const lo = LO.toNumber()
  const hi = HI.toNumber()

  it('reaches a root from a guess near either end of the bracket, or outside it', () => {
    // 999,997.01 in, 2,999,997.02 out, 3,000,000.01 in, 1,000,000 out: roots 0.999, 0.99900001, 1.002.
    const first = closeRoots('1000000', ['0.999', '0.99900001', '1.002'], 1)
    expect(first.flows.map(({ amount }) => amount.toString())).toEqual([
      '-999997.01200998',
      '2999997.02001',
      '-3000000.01',
      '1000000',
    ])
    expectOneOf(first.flows, first.xs, 0.5)
    const second = closeRoots('100.10', ['1.0001', '1.00010001', '0.995'], 1)
    expectOneOf(second.flows, second.xs, Number.NaN)
    expectOneOf(second.flows, second.xs, hi - 1e-9)
    const third = closeRoots('1000000', ['0.999', '0.99901', '1.002'], 1)
    expectOneOf(third.flows, third.xs, lo + 1e-9)
    expectOneOf(third.flows, third.xs, lo + 1e-6)
    expectOneOf(third.flows, third.xs, lo + 1e-12)
  })

  it('reaches one over flows two and seven buckets apart (the slope over gaps of more than one)', () => {
    const pairs = closeRoots('1000000', ['0.999', '0.99900001', '1.002'], 2)
    expectOneOf(pairs.flows, pairs.xs, hi - 1e-6)
    const apart = closeRoots('1000000', ['0.999', '0.99901', '1.002'], 2)
    expectOneOf(apart.flows, apart.xs, lo + 1e-9)
    expectOneOf(apart.flows, apart.xs, lo + 1e-6)
    const weekly = closeRoots('1000000', ['0.999', '0.99901', '1.002'], 7)
    expectOneOf(weekly.flows, weekly.xs, lo + 1e-9)
    expectOneOf(weekly.flows, weekly.xs, lo + 1e-6)
    const nearer = closeRoots('1000000', ['0.999', '0.9990000001', '1.002'], 7)
    expectOneOf(nearer.flows, nearer.xs, lo + 1e-9)
    expectOneOf(nearer.flows, nearer.xs, hi - 1e-9)
    const closest = closeRoots('1000000', ['0.999', '0.999001', '1.002'], 7)
    expectOneOf(closest.flows, closest.xs, lo + 1e-6)
  })
})
