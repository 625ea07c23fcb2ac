import type { AssetQuote } from '../../../shared/domain'
import { sourceAgeLabel } from '../../../shared/source-freshness'
import { staleLabel } from '../../staleness'
import { useFreshness } from '../../store/freshness'
import { useStaleSource } from './use-stale-sources'

/**
 * "stale 42s" next to a quote whose price is too old; while the price is live but market data is
 * old, "mkt 10m" says that only the market figures (change, sparkline, volume...) are old.
 * Nothing when everything is fresh.
 */
export function StaleMarker({ quote }: { quote: AssetQuote }) {
  // The label text, so a tick or a status push re-renders the marker only when it changes.
  const label = useFreshness((endpoints, nowMs) => staleLabel(quote, nowMs, endpoints?.prices ?? null))
  const market = useStaleSource('market')
  if (label !== null)
    return (
      <span className="stale" title="No fresh data: this is the last good value">
        {label}
      </span>
    )
  if (market === null) return null
  return (
    <span className="stale stale-source" title={`${sourceAgeLabel('market', market)}; price live`}>
      mkt {market}
    </span>
  )
}
