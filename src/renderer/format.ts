import { Dec, type DecimalString, isDecimalString } from '../shared/decimal'

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

/** Fraction digits between `min` and `max`, in the user's locale. */
function fractionFormat(min: number, max: number): Intl.NumberFormat {
  return numberFormat(`fraction:${min}-${max}`, () => ({
    minimumFractionDigits: min,
    maximumFractionDigits: max,
  }))
}

/**
 * Fraction digits by magnitude: cents for large prices, up to 4 places for ordinary ones (token
 * prices often differ from the underlying in the third place), up to 6 below 1.
 */
function priceFormat(value: string): Intl.NumberFormat {
  const digits = integerDigits(value)
  return fractionFormat(2, digits >= 4 ? 2 : digits >= 1 ? 4 : 6)
}

export function formatPrice(value: string | null | undefined): string {
  if (!isDecimalString(value)) return MISSING
  return formatDecimal(value, priceFormat(value))
}

/** A signed price change, to at most 4 places whatever the price: "+1.25", "-0.0503", "0.00". */
export function formatSignedPrice(value: string | null | undefined): string {
  if (!isDecimalString(value)) return MISSING
  const formatter = numberFormat('signed-price', () => ({
    minimumFractionDigits: 2,
    maximumFractionDigits: 4,
    signDisplay: 'exceptZero',
  }))
  return formatDecimal(value, formatter)
}

/**
 * A percent given as percent points ("2.48" is 2.48 %): "+2.48%". The percent style multiplies
 * by 100, so the string is first divided by 100 exactly, by moving its decimal point.
 */
export function formatPercent(percent: string | null | undefined, fractionDigits = 2): string {
  if (!isDecimalString(percent)) return MISSING
  const formatter = numberFormat(`percent:${fractionDigits}`, () => ({
    style: 'percent',
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
    signDisplay: 'exceptZero',
  }))
  return formatDecimal(hundredth(percent), formatter)
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

/** Intl's limit on fraction digits (100 in newer engines, 20 in older ones such as Node 20's). */
const MAX_INTL_FRACTION_DIGITS = 20

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

/** An hour mark for a chart axis: "14:00". */
export function formatHourMinute(ms: number): string {
  return dateTimeFormat('hour-minute', () => ({
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })).format(ms)
}

/** A date and time for data timestamps: "Nov 21, 14:03:12". */
export function formatDateTime(ms: number): string {
  const formatter = dateTimeFormat('date-time', () => ({
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }))
  return formatter.format(ms)
}

/** An age, in its largest unit: "42s", "12m", "3h", "2d". Never negative (a clock may run behind). */
export function formatAge(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000))
  if (seconds < 60) return `${seconds}s`
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return `${minutes}m`
  const hours = Math.floor(minutes / 60)
  if (hours < 48) return `${hours}h`
  return `${Math.floor(hours / 24)}d`
}
