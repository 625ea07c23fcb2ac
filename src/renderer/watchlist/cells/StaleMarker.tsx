import type { AssetQuote } from '../../../shared/domain'
import { sourceAgeLabel } from '../../../shared/source-freshness'
import { staleLabel } from '../../staleness'
import { useClock } from '../../store/clock-store'
import { usePricesSilent } from '../../store/freshness'
import { useStaleSource } from './use-stale-sources'

/**
 * "stale 42s" next to a quote whose price is too old; while the price is live but market data is
 * old, "mkt 10m" says that only the market figures (change, sparkline, volume...) are old.
 * Nothing when everything is fresh.
 */
export function StaleMarker({ quote }: { quote: AssetQuote }) {
  // Yes-or-no figures read once per tick for the whole page: a fresh row's marker runs nothing at a tick.
  const silent = usePricesSilent()
  const market = useStaleSource('market')
  if (quote.stale || silent) return <StaleAge quote={quote} pricesSilent={silent} />
  if (market === null) return null
  return (
    <span className="stale stale-source" title={`${sourceAgeLabel('market', market)}; price live`}>
      mkt {market}
    </span>
  )
}

/** Only a stale price reads the clock: its age counts the seconds, re-rendered when the text changes. */
function StaleAge({ quote, pricesSilent }: { quote: AssetQuote; pricesSilent: boolean }) {
  const label = useClock((clock) => staleLabel(quote, clock.now, pricesSilent))
  return (
    <span className="stale" title="No fresh data: this is the last good value">
      {label}
    </span>
  )
}
