import { memo, useDeferredValue, type CSSProperties } from 'react'
import type { AssetQuote } from '../../shared/domain'
import { formatPercent, formatPrice, signOf } from '../format'
import { sourceAgeLabel } from '../../shared/source-freshness'
import { usePricesSilent } from '../store/freshness'
import { useWatch } from '../store/watch-store'
import { useStaleSource } from '../watchlist/cells/use-stale-sources'

/** A ticker longer than this scrolls for minutes before it repeats; the rest are in the table. */
const MAX_TICKER_ITEMS = 60
/** Seconds each item takes to cross: the speed stays the same however many items there are. */
const SECONDS_PER_ITEM = 3.5
const MIN_LOOP_SECONDS = 20

const TickerItem = memo(function TickerItem({
  symbol,
  quote,
  stale,
  marketAge,
}: {
  symbol: string
  quote?: AssetQuote
  stale: boolean
  /** How old market data is ("10m") while it alone is old: the change % comes from it. */
  marketAge: string | null
}) {
  const changeOld = !stale && marketAge !== null
  const sign = signOf(quote?.changePct24h)
  const trend = sign > 0 ? 'up' : sign < 0 ? 'down' : 'flat'
  return (
    <li
      className={`ticker-item${stale ? ' is-stale' : ''}`}
      data-symbol={symbol}
      title={stale ? 'No fresh data: this is the last good price' : undefined}
    >
      <span className="ticker-symbol">{symbol}</span>
      <span className="num ticker-price">{formatPrice(quote?.price)}</span>
      <span
        className={`num ticker-change ${trend}${changeOld ? ' ticker-change-stale' : ''}`}
        title={changeOld ? `${sourceAgeLabel('market', marketAge)}; price live` : undefined}
      >
        <span aria-hidden="true">{sign > 0 ? '▲' : sign < 0 ? '▼' : ''}</span>
        {formatPercent(quote?.changePct24h)}
      </span>
      {stale && <span className="ticker-stale">stale</span>}
    </li>
  )
})

/**
 * The scrolling strip. Two identical copies side by side slide left by exactly one copy's width
 * (a CSS keyframe animation on the compositor, no per-frame script), so the loop is seamless.
 * An item re-renders only when its own quote changes: a price update rewrites that item's text in
 * place, and since neither the nodes nor the animation's duration change, the scroll never
 * restarts. The strip reads the quotes deferred: a delta commits the watchlist's rows first and
 * the strip's 2 x 60 items in a render of their own just after, so the rows are not kept waiting. Hovering
 * (or focusing) the strip pauses it.
 *
 * A price with no fresh data is tinted and says "stale", as its row does: the strip is often the
 * only view on screen (ticker only), and frozen prices must not pass for live ones. While only
 * market data is old, the change % (a market figure) is drawn as old beside the live price.
 *
 * The strip keeps its place from the start, empty, and fills in the frame after the first rows
 * are painted, so the rows come first and nothing below the strip moves when it fills.
 */
export function Ticker({ compact = false }: { compact?: boolean }) {
  const order = useWatch((state) => state.order)
  const quotes = useDeferredValue(useWatch((state) => state.quotes))
  const filled = useWatch((state) => state.firstFramePainted)
  // True while main's prices are silent for too long: every item is then stale, whatever main said last.
  const feedSilent = usePricesSilent()
  const marketAge = useStaleSource('market')
  const className = `ticker${compact ? ' ticker-compact' : ''}`
  if (!filled) return <section className={className} aria-label="Price ticker" aria-busy="true" />
  const symbols = order.slice(0, MAX_TICKER_ITEMS)
  if (symbols.length === 0) return null
  // The duration depends on the item count only, never on prices.
  const style = {
    animationDuration: `${Math.max(MIN_LOOP_SECONDS, symbols.length * SECONDS_PER_ITEM)}s`,
  } as CSSProperties
  return (
    <section className={className} aria-label="Price ticker" tabIndex={0}>
      <div className="ticker-track" style={style}>
        {[0, 1].map((copy) => (
          <ul key={copy} className="ticker-copy" aria-hidden={copy === 1 || undefined}>
            {symbols.map((symbol) => {
              const quote = quotes.get(symbol)
              const stale = quote?.price != null && (quote.stale || feedSilent)
              return (
                <TickerItem key={symbol} symbol={symbol} quote={quote} stale={stale} marketAge={marketAge} />
              )
            })}
          </ul>
        ))}
      </div>
    </section>
  )
}
