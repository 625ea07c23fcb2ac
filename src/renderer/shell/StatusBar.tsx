import { lastDataAt } from '../../shared/data-status'
import { liveSourceOf, liveSourceText } from '../../shared/stream-status'
import { useDisplayZone } from '../display-zone'
import { formatZonedTime } from '../format'
import { holdingsTabOnShow, usePortfolio } from '../holdings/portfolio-store'
import { useWatch } from '../store/watch-store'

const SOURCE_WORD = { streaming: 'Streaming', polling: 'Polling', paused: 'Paused' } as const

/**
 * The footer line: how many rows, when data last arrived, whether prices stream or how often they are polled,
 * from where.
 */
export function StatusBar() {
  const listCount = useWatch((state) => state.order.length)
  // The Holdings tab shows what is held, not the list's rows: the count says which it counts.
  const holdingsTab = usePortfolio(holdingsTabOnShow)
  const heldCount = usePortfolio((state) => state.held.length)
  const count = holdingsTab ? heldCount : listCount
  const noun = holdingsTab ? 'held' : count === 1 ? 'symbol' : 'symbols'
  const status = useWatch((state) => state.status)
  // When data last arrived, not when the snapshot last changed: an error changes it too.
  const dataAt = status ? lastDataAt(status) : null
  const cadenceMs = status ? status.endpoints.prices.cadenceMs : null
  const zone = useDisplayZone()
  const live =
    status && cadenceMs !== null
      ? liveSourceText(status.stream, cadenceMs, (ms) => formatZonedTime(ms, zone))
      : null
  return (
    <footer className="status-bar">
      <span className="status-count">
        {count} {noun}
      </span>
      {/* While streaming, the polls' last answer is not when prices last came: the line below
          says they are live. */}
      {status && status.stream?.state !== 'streaming' && (
        <span className="status-updated">
          {dataAt === null ? 'No data yet' : `Updated ${formatZonedTime(dataAt, zone)}`}
        </span>
      )}
      {live !== null && (
        <>
          <span className="status-cadence">{live}</span>
          {/* Narrow windows have room for the source's name only; the whole sentence is its title. */}
          <span className="status-live" title={live}>
            {SOURCE_WORD[liveSourceOf(status?.stream)]}
          </span>
        </>
      )}
      {status && (
        <span className="status-source" title={status.baseUrl}>
          {status.mode === 'demo' ? 'Simulated market' : status.baseUrl}
        </span>
      )}
      <span className="status-hint">
        Press <kbd>?</kbd> for shortcuts
      </span>
    </footer>
  )
}
