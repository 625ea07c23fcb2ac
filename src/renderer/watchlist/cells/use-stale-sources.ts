import type { EndpointName } from '../../../shared/status'
import { staleAge } from '../../../shared/source-freshness'
import { useClock } from '../../store/clock-store'
import { useWatch } from '../../store/watch-store'

/**
 * How old one endpoint's data is ("10m") while it is silent past its stale threshold, else null.
 * It selects the endpoint's two numbers and the label text, never the whole status, so a row
 * re-renders when the label changes, not at every poll or every tick.
 */
export function useStaleSource(source: EndpointName): string | null {
  const cadenceMs = useWatch((state) => state.status?.endpoints[source].cadenceMs ?? null)
  const lastSuccessAt = useWatch((state) => state.status?.endpoints[source].lastSuccessAt ?? null)
  return useClock((clock) => (cadenceMs === null ? null : staleAge({ cadenceMs, lastSuccessAt }, clock.now)))
}
