import { formatClockTime } from '../format'
import { useWatch } from '../store/watch-store'

/** The footer line: how many rows, when data last came, how often it is asked for, from where. */
export function StatusBar() {
  const count = useWatch((state) => state.order.length)
  const asOf = useWatch((state) => state.asOf)
  const status = useWatch((state) => state.status)
  const cadence = status ? status.endpoints.prices.cadenceMs / 1000 : null
  return (
    <footer className="status-bar">
      <span>
        {count} {count === 1 ? 'symbol' : 'symbols'}
      </span>
      {asOf > 0 && <span>Updated {formatClockTime(asOf)}</span>}
      {cadence !== null && <span>Prices every {cadence}s</span>}
      {status && (
        <span className="status-source">{status.mode === 'demo' ? 'Simulated market' : status.baseUrl}</span>
      )}
      <span className="status-hint">
        Press <kbd>?</kbd> for shortcuts
      </span>
    </footer>
  )
}
