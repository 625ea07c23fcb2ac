/**
 * The premium pane's scale, chosen here rather than by the chart library: in a pane 64 px high the
 * library fits one or two of its own marks, and with two fixed digits a range of a few basis
 * points read "0.00%" at each. Here the range is widened to whole steps so that at least three
 * labels always fall on it, each with the digits its step needs; steps under ten basis points
 * near zero are said in basis points ("+3 bp"), others in percent ("+1.5%", "+12.51%"). Pure:
 * the chart only places the labels at their values.
 */

export interface PremiumAxis {
  /** The scale's bottom and top, in percent: the lowest and the highest label. */
  min: number
  max: number
  /** The labels, bottom to top, each on a whole step. */
  ticks: Array<{ value: number; text: string }>
  /** Any value of the pane (the crosshair's) in the labels' unit and digits. */
  format(value: number): string
}

const MIN_TICKS = 3
const MAX_TICKS = 4
/** Step sizes, times a power of ten: the round numbers a reader counts in. */
const NICE_STEPS = [1, 2, 2.5, 5] as const
/** The finest step, a tenth of a basis point: 10^-3 in percent. */
const FINEST_POWER = -3
/** Below ten basis points (0.1 %) a step reads in basis points, where the labels stay under 1 %. */
const BASIS_POINT_STEPS_BELOW = 0.1
const BASIS_POINT_LABELS_BELOW = 1
/** A step this close to a whole multiple counts as one (binary fractions of 0.001). */
const EPSILON = 1e-9

interface Step {
  size: number
  /** Fraction digits of the step in percent. */
  digits: number
}

function stepOf(nice: number, power: number): Step {
  return { size: nice * 10 ** power, digits: Math.max(0, -power + (nice === 2.5 ? 1 : 0)) }
}

/** A flat premium is shown one basis point either side of it. */
const FLAT_STEP = stepOf(1, -2)

function tickSpan(low: number, high: number, size: number): { first: number; last: number } {
  return { first: Math.floor(low / size + EPSILON), last: Math.ceil(high / size - EPSILON) }
}

/** The finest round step that covers low..high in at most four labels (a fifth would crowd 64 px). */
function chooseStep(low: number, high: number): Step {
  for (let power = FINEST_POWER; ; power++)
    for (const nice of NICE_STEPS) {
      const step = stepOf(nice, power)
      const { first, last } = tickSpan(low, high, step.size)
      if (last - first + 1 <= MAX_TICKS) return step
    }
}

function numberFormat(digits: number): Intl.NumberFormat {
  return new Intl.NumberFormat(undefined, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    signDisplay: 'exceptZero',
  })
}

/**
 * A label's words: a value on a step with the step's digits, any other (the crosshair's, between
 * labels) with one digit more, so it is not read as the label next to it.
 */
function labelFormat(step: Step, largest: number): (value: number) => string {
  const basisPoints = step.size < BASIS_POINT_STEPS_BELOW - EPSILON && largest < BASIS_POINT_LABELS_BELOW
  const digits = basisPoints ? Math.max(0, step.digits - 2) : step.digits
  const onStep = numberFormat(digits)
  const between = numberFormat(digits + 1)
  return (value) => {
    const steps = value / step.size
    const number = (Math.abs(steps - Math.round(steps)) < EPSILON ? onStep : between).format(
      basisPoints ? value * 100 : value,
    )
    return basisPoints ? `${number} bp` : `${number}%`
  }
}

/** The scale for these premiums (in percent); null when there is none to show. */
export function premiumAxis(values: Iterable<number>): PremiumAxis | null {
  let low = Number.POSITIVE_INFINITY
  let high = Number.NEGATIVE_INFINITY
  for (const value of values)
    if (Number.isFinite(value)) {
      low = Math.min(low, value)
      high = Math.max(high, value)
    }
  if (low > high) return null
  const step = high - low < EPSILON ? FLAT_STEP : chooseStep(low, high)
  let { first, last } = tickSpan(low, high, step.size)
  // Too few labels to read a scale by: one more step either side of a single one, else on the
  // side the line comes nearer to, so it keeps room from the pane's edge.
  while (last - first + 1 < MIN_TICKS)
    if (first === last) {
      first--
      last++
    } else if (last * step.size - high < low - first * step.size) last++
    else first--
  const format = labelFormat(step, Math.max(Math.abs(first), Math.abs(last)) * step.size)
  const ticks = []
  for (let index = first; index <= last; index++) {
    const value = index * step.size
    ticks.push({ value, text: format(value) })
  }
  return { min: first * step.size, max: last * step.size, ticks, format }
}
