import { Dec, type DecimalString, isDecimalString } from '../shared/decimal'
import { type DisplayZone, formatFullTime } from '../shared/display-time'

/**
 * Display formatting. Prices and other decimals arrive as exact strings and go to
 * Intl.NumberFormat as strings (Intl.NumberFormat v3 formats a decimal string exactly), never
 * through Number. Formatters are built once per option set: building one costs far more than
 * using it, and a watchlist formats thousands of numbers a second.
 */

/** What a missing value shows as. */
export const MISSING = '—'

/** The type Intl.NumberFormat accepts for decimal strings. */
type NumericText = `${number}`

/**
 * One formatter per option set, built on first use and found again by a short name. (A key
 * derived from the options themselves, such as their JSON, would cost more per call than the
 * formatting: a delta formats a few hundred numbers.)
 */
function formatterCache<Options, Formatter>(
  build: (options: Options) => Formatter,
): (name: string, options: () => Options) => Formatter {
  const cache = new Map<string, Formatter>()
  return (name, options) => {
    let formatter = cache.get(name)
    if (!formatter) {
      formatter = build(options())
      cache.set(name, formatter)
    }
    return formatter
  }
}

// undefined: the user's own locale (digit grouping, decimal mark, percent placement, time).
const numberFormat = formatterCache(
  (options: Intl.NumberFormatOptions) => new Intl.NumberFormat(undefined, options),
)
const dateTimeFormat = formatterCache(
  (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(undefined, options),
)

function formatDecimal(value: string, formatter: Intl.NumberFormat): string {
  return formatter.format(value as NumericText)
}

/** Digits before the decimal point, sign dropped: "1234.5" -> 4, "0.0012" -> 0, "-12" -> 2. */
function integerDigits(value: string): number {
  const integerPart = value.replace(/^-/, '').split('.')[0] ?? ''
  return integerPart.replace(/^0+/, '').length
}

/** Zeros between the point and the first significant digit: "0.000123" -> 3, "12.5" -> 0. */
function leadingFractionZeros(value: string): number {
  if (integerDigits(value) > 0) return 0
  const fractionPart = value.split('.')[1] ?? ''
  const firstDigit = fractionPart.search(/[1-9]/)
  return firstDigit === -1 ? fractionPart.length : firstDigit
}

/** Intl's limit on fraction digits (100 in newer engines, 20 in older ones such as Node 20's). */
const MAX_INTL_FRACTION_DIGITS = 20

/**
 * Fraction digits enough to show `significant` digits of a value below 1, and at least `floor`:
 * 0.0000001234 keeps its 1234 where a fixed 6 places would show 0.000000.
 */
function fractionDigitsFor(value: string, floor: number, significant: number): number {
  const wanted = integerDigits(value) > 0 ? floor : leadingFractionZeros(value) + significant
  return Math.min(MAX_INTL_FRACTION_DIGITS, Math.max(floor, wanted))
}

/** Fraction digits between `min` and `max`, in the user's locale. */
function fractionFormat(
  min: number,
  max: number,
  signDisplay: Intl.NumberFormatOptions['signDisplay'] = 'auto',
): Intl.NumberFormat {
  return numberFormat(`fraction:${min}-${max}:${signDisplay}`, () => ({
    minimumFractionDigits: min,
    maximumFractionDigits: max,
    signDisplay,
  }))
}

/**
 * + or - on every value but zero. Intl's "exceptZero" decides on the rounded value, so a change
 * too small for the digits shown would lose its sign: "always" for those, "exceptZero" for zero.
 */
function signDisplayFor(value: string): 'always' | 'exceptZero' {
  return signOf(value) === 0 ? 'exceptZero' : 'always'
}

/**
 * Fraction digits by magnitude: cents for large prices, up to 4 places for ordinary ones (token
 * prices often differ from the underlying in the third place), and below 1 up to 6 places or 4
 * significant digits, whichever shows more.
 */
function priceFormat(value: string): Intl.NumberFormat {
  const digits = integerDigits(value)
  const maxDigits = digits >= 4 ? 2 : digits >= 1 ? 4 : fractionDigitsFor(value, 6, 4)
  // "negative": a minus on negative values only, so "-0.0000" shows as 0.00.
  return fractionFormat(2, maxDigits, 'negative')
}

export function formatPrice(value: string | null | undefined): string {
  if (!isDecimalString(value)) return MISSING
  return formatDecimal(value, priceFormat(value))
}

/**
 * A signed price change: up to 4 places, more for a change below a cent (two significant digits:
 * "-0.000000031"), so a tiny change neither reads as zero nor loses its sign. Zero is unsigned.
 */
export function formatSignedPrice(value: string | null | undefined): string {
  if (!isDecimalString(value)) return MISSING
  return formatDecimal(value, fractionFormat(2, fractionDigitsFor(value, 4, 2), signDisplayFor(value)))
}

/**
 * Money (dollar amounts: a position's value and cost, P&L, 24 h P&L, premium exposure) in cents.
 * This is the one place money is rounded for show, half to even as the tray's line rounds it
 * (shared/portfolio-text.ts); the figure as main sent it is the tooltip. Prices per token keep
 * their digits (formatPrice, formatSignedPrice).
 */
function moneyFormat(signDisplay: 'negative' | 'always' | 'exceptZero'): Intl.NumberFormat {
  return numberFormat(`money:${signDisplay}`, () => ({
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    roundingMode: 'halfEven',
    signDisplay,
  }))
}

export function formatMoney(value: string | null | undefined): string {
  if (!isDecimalString(value)) return MISSING
  return formatDecimal(value, moneyFormat('negative'))
}

/** Signed money: a loss of less than half a cent still reads "-0.00", never a gain or nothing. */
export function formatSignedMoney(value: string | null | undefined): string {
  if (!isDecimalString(value)) return MISSING
  return formatDecimal(value, moneyFormat(signDisplayFor(value)))
}

/**
 * A percent given as percent points ("2.48" is 2.48 %): "+2.48%". The percent style multiplies
 * by 100, so the string is first divided by 100 exactly, by moving its decimal point.
 */
export function formatPercent(percent: string | null | undefined, fractionDigits = 2): string {
  if (!isDecimalString(percent)) return MISSING
  // A move too small for the digits shown gets two significant digits, "-0.0012%": "-0.00%"
  // would keep the sign but claim a size it does not have, and "0.00%" that it did not move.
  const signDisplay = signDisplayFor(percent)
  const maxDigits = Math.max(
    fractionDigitsFor(percent, fractionDigits, 2),
    digitsShort100(percent, fractionDigits),
  )
  const formatter = numberFormat(`percent:${fractionDigits}-${maxDigits}:${signDisplay}`, () => ({
    style: 'percent',
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: maxDigits,
    signDisplay,
  }))
  return formatDecimal(hundredth(percent), formatter)
}

/**
 * Whether a percent's whole part is 99 or 100: only such a percent can lie within half a shown
 * unit (at most 0.5) of ±100 %.
 */
const NEAR_100 = /^-?0*(?:99|100)(?:\.|$)/

/**
 * Fraction digits enough that a move short of ±100 % never rounds to it: -99.9999 % would read
 * "-100.00%", a token gone to zero. One significant digit of its distance from 100 is enough.
 * The text is looked at first: decimal.js for every percent shown was three quarters of
 * formatPercent's time, and the ticker formats up to 120 of them at every streamed delta.
 */
function digitsShort100(percent: DecimalString, floor: number): number {
  if (!NEAR_100.test(percent)) return floor
  const distance = new Dec(percent).abs().minus(100).abs()
  const roundsTo100 = !distance.isZero() && distance.lessThan(new Dec(10).pow(-floor).dividedBy(2))
  return roundsTo100 ? fractionDigitsFor(distance.toFixed(), floor, 1) : floor
}

/** A decimal string divided by 100, exactly: "2.48" -> "0.0248", "-1234.5" -> "-12.345". */
export function hundredth(value: DecimalString): DecimalString {
  const negative = value.startsWith('-')
  const [integerPart = '', fractionPart = ''] = (negative ? value.slice(1) : value).split('.')
  const digits = integerPart.padStart(3, '0') + fractionPart
  const point = digits.length - fractionPart.length - 2
  return `${negative ? '-' : ''}${digits.slice(0, point)}.${digits.slice(point)}`
}

/** Large numbers, short: "3.45T", "52.1M", "812K". */
export function formatCompact(value: string | null | undefined): string {
  if (!isDecimalString(value)) return MISSING
  const formatter = numberFormat('compact', () => ({ notation: 'compact', maximumSignificantDigits: 3 }))
  return formatDecimal(value, formatter)
}

/** What a number in a cell is, for its short form: a price, a signed change, a percent, money. */
export type NumberKind = 'price' | 'signed' | 'percent' | 'money' | 'signedMoney'

const SUBSCRIPT_DIGITS = '₀₁₂₃₄₅₆₇₈₉'

/**
 * 0.0000001234 as "0.0₆123": the count of zeros after the point as a subscript, as token screens
 * show it.
 */
function subscriptZeros(value: DecimalString, signed: boolean): string {
  const magnitude = new Dec(value).abs().toSignificantDigits(3).toFixed()
  const zeros = leadingFractionZeros(magnitude)
  const digits = (magnitude.split('.')[1] ?? '').slice(zeros).replace(/0+$/, '')
  const subscript = [...String(zeros)].map((digit) => SUBSCRIPT_DIGITS[Number(digit)]).join('')
  const sign = value.startsWith('-') ? '-' : signed ? '+' : ''
  return `${sign}${formatDecimal('0.0', fractionFormat(1, 1))}${subscript}${digits}`
}

/**
 * The same value, shorter, for a cell too narrow for all its digits (the exact value goes in its
 * tooltip): "1.23M", "-45.7K", "+12.3K%", "1.23E23", "0.0₆123", "+0.0₁₇1%". The sign is always kept.
 */
export function formatShort(value: string | null | undefined, kind: NumberKind): string {
  if (!isDecimalString(value)) return MISSING
  const digits = integerDigits(value)
  // Money below a thousand is short already in cents; above, it is shortened as a price or change.
  if (kind === 'money') return digits < 4 ? formatMoney(value) : formatShort(value, 'price')
  if (kind === 'signedMoney') return digits < 4 ? formatSignedMoney(value) : formatShort(value, 'signed')
  const signDisplay = kind === 'price' ? 'negative' : signDisplayFor(value)
  if (signOf(value) !== 0 && leadingFractionZeros(value) >= 4) {
    const short = subscriptZeros(value, signDisplay === 'always')
    return kind === 'percent' ? `${short}%` : short
  }
  if (kind === 'percent' && digits < 4) return formatPercent(value)
  // Compact notation stops at trillions ("123,000T"), so beyond them the exponent says it.
  const notation = digits > 15 ? 'scientific' : digits >= 4 ? 'compact' : 'standard'
  const formatter = numberFormat(`short:${kind}:${notation}:${signDisplay}`, () => ({
    style: kind === 'percent' ? 'percent' : 'decimal',
    notation,
    maximumSignificantDigits: notation === 'standard' ? 4 : 3,
    signDisplay,
  }))
  return formatDecimal(kind === 'percent' ? hundredth(value) : value, formatter)
}

/**
 * Every digit the service sent, grouped: the shares multiplier "1.001084338309087472". A value
 * with more fraction digits than Intl takes everywhere is shown as sent rather than rounded.
 */
export function formatExact(value: string | null | undefined): string {
  if (!isDecimalString(value)) return MISSING
  const fractionDigits = value.split('.')[1]?.length ?? 0
  if (fractionDigits > MAX_INTL_FRACTION_DIGITS) return value
  return formatDecimal(value, fractionFormat(fractionDigits, fractionDigits))
}

/** A whole count: "12,345". */
export function formatInteger(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return MISSING
  return numberFormat('integer', () => ({ maximumFractionDigits: 0 })).format(value)
}

/** `numerator / denominator` to two places, as "0.87×"; missing when either is missing or zero. */
export function formatRatio(
  numerator: string | null | undefined,
  denominator: string | null | undefined,
): string {
  if (!isDecimalString(numerator) || !isDecimalString(denominator)) return MISSING
  const divisor = new Dec(denominator)
  if (divisor.isZero()) return MISSING
  const ratio = new Dec(numerator).dividedBy(divisor).toFixed(2)
  return `${formatDecimal(ratio, fractionFormat(2, 2))}×`
}

/** The sign of a decimal string: 1, -1 or 0 (0 also for a missing value). */
export function signOf(value: string | null | undefined): -1 | 0 | 1 {
  if (!isDecimalString(value) || /^-?0*(?:\.0*)?$/.test(value)) return 0
  return value.startsWith('-') ? -1 : 1
}

/** A wall-clock time "14:03:12", in local time or in a given zone (the session clock uses ET). */
export function formatClockTime(ms: number, timeZone?: string): string {
  const formatter = dateTimeFormat(`clock:${timeZone ?? 'local'}`, () => ({
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }))
  return formatter.format(ms)
}

/** "14:03:12 ET": a time with its zone's name, where it could be read in another zone. */
export function formatZonedTime(ms: number, zone: DisplayZone): string {
  return `${formatClockTime(ms, zone.timeZone)} ${zone.nameAt(ms)}`
}

/** "Nov 21, 14:03:12 ET": the one full-time format (display-time.ts), here for the window's recent times. */
export function formatZonedDateTime(ms: number, zone: DisplayZone): string {
  return formatFullTime(ms, zone)
}

/** A closed market's ends: "Fri, Nov 20, 19:59", with the weekday, to the minute. */
export function formatWeekdayTime(ms: number, timeZone: string | undefined): string {
  return dateTimeFormat(`weekday-time:${timeZone ?? 'local'}`, () => ({
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  })).format(ms)
}

/** The calendar day an instant falls on in a zone, to tell whether two instants share one. */
export function dayKey(ms: number, timeZone: string | undefined): string {
  return dateTimeFormat(`day:${timeZone ?? 'local'}`, () => ({
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone,
  })).format(ms)
}

/** A day with its year, for daily candles: "Tue, Nov 17, 2026", in local time or in a given zone. */
export function formatDay(ms: number, timeZone?: string): string {
  const formatter = dateTimeFormat(`day:${timeZone ?? 'local'}`, () => ({
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone,
  }))
  return formatter.format(ms)
}

/** Ages are told the same way in the window and the tray. */
export { formatAge } from '../shared/source-freshness'
