import { Dec } from '../../shared/decimal'
import { HIDDEN_AMOUNT, type PortfolioUpdate } from '../../shared/holdings'

/**
 * The portfolio in one short line, for the tray's tooltip and menu (the window draws its own line
 * from the same figures): "Holdings 12,345.67 · 24h +123.45", "(stale)" when a figure rests on a
 * stale price, dots while amounts are hidden. Cents, rounded half-even in decimal.js: the tray has
 * no room for more, and the window shows the exact figures.
 */

/** "12,345.67", "-0.50": two places, thousands grouped, exact rounding of the decimal string. */
export function dollars(value: string, signed = false): string {
  const fixed = new Dec(value).toDecimalPlaces(2).toFixed(2)
  const negative = fixed.startsWith('-')
  const [whole = '0', cents = '00'] = (negative ? fixed.slice(1) : fixed).split('.')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  const sign = negative ? '-' : signed && fixed !== '0.00' ? '+' : ''
  return `${sign}${grouped}.${cents}`
}

/**
 * Null when the ledger holds nothing at all (no line to show). Without `withDay`, the total alone
 * (for a tooltip that must be short).
 */
export function portfolioSummary(
  update: PortfolioUpdate | null,
  hidden: boolean,
  withDay = true,
): string | null {
  if (!update || update.positions.length === 0) return null
  if (hidden) return `Holdings ${HIDDEN_AMOUNT}`
  const { totals } = update
  if (totals.value === null) return 'Holdings: no value (a held symbol has no price)'
  const stale = update.positions.some((position) => position.stale) ? ' (stale)' : ''
  const day = totals.dayChange === null || !withDay ? '' : ` · 24h ${dollars(totals.dayChange, true)}`
  return `Holdings ${dollars(totals.value)}${day}${stale}`
}
