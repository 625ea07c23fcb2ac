import type { EndpointName } from '../../../shared/status'
import { useFreshness } from '../../store/freshness'

/**
 * How old one endpoint's data is ("10m") while it is silent past its stale threshold, else null.
 * It selects the label text, never the status, so a row re-renders when the label changes, not
 * at every poll or every tick.
 */
export function useStaleSource(source: EndpointName): string | null {
  return useFreshness((state) => state.staleAges[source])
}
