import type { AssetQuote } from '../../../../shared/domain'
import { staleLabel } from '../../../staleness'
import { useClock } from '../../../store/clock-store'
import { useWatch } from '../../../store/watch-store'

/** "stale 42s" next to a quote whose data is too old; nothing when it is fresh. */
export function StaleMarker({ quote }: { quote: AssetQuote }) {
  const cadenceMs = useWatch((state) => state.status?.endpoints.prices.cadenceMs ?? null)
  const lastSuccessAt = useWatch((state) => state.status?.endpoints.prices.lastSuccessAt ?? null)
  const prices = cadenceMs === null ? null : { cadenceMs, lastSuccessAt }
  // The selector returns the label text, so a clock tick re-renders the marker only when it changes.
  const label = useClock((state) => staleLabel(quote, state.now, prices))
  if (label === null) return null
  return (
    <span className="stale" title="No fresh data: this is the last good value">
      {label}
    </span>
  )
}
