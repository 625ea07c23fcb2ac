import type { AlertKind } from '../../shared/alerts'
import type { AssetQuote } from '../../shared/domain'
import { formatMoney, formatPercent, formatPrice } from '../format'
import { watchStore } from '../store/watch-store'
import { portfolioStore } from '../holdings/portfolio-store'

/** What the asset shows now, next to the field that is compared with it. */
export function currentValueHint(kind: AlertKind, quote: AssetQuote | undefined): string | undefined {
  if (!quote) return undefined
  if (kind === 'price-above' || kind === 'price-below') return `Last price ${formatPrice(quote.price)}`
  if (kind === 'change-pct') return `24h change now ${formatPercent(quote.changePct24h)}`
  if (kind === 'premium-pct') return `Premium now ${formatPercent(quote.premiumPct, 3)}`
  if (kind === 'value-above' || kind === 'value-below' || kind === 'pnl-pct') {
    const position = portfolioStore.getState().positions.get(quote.symbol)
    if (!position || position.quantity === '0') return 'Not held now: it fires once the position reaches it'
    // Amounts hidden for a screen share stay hidden in the hint too.
    if (watchStore.getState().settings?.hideAmounts) return undefined
    return kind === 'pnl-pct'
      ? `Unrealized now ${formatPercent(position.unrealizedPct)}`
      : `Position value now ${formatMoney(position.value)}`
  }
  return undefined
}

export function rearmHint(kind: AlertKind): string {
  return kind === 'price-above' || kind === 'price-below'
    ? 'Fires again only after the price goes back this % of the level'
    : kind === 'value-above' || kind === 'value-below'
      ? 'Fires again only after the value goes back this % of the level'
      : 'Fires again only after the value goes back this many points'
}
