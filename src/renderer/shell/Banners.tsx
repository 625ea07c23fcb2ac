import type { ReactNode } from 'react'
import type { AppStatus } from '../../shared/status'
import { useDisplayZone } from '../display-zone'
import { currentError, describeError } from '../problem-text'
import { useClock } from '../store/clock-store'
import { openDialog, showNotice, useWatch, type WatchState } from '../store/watch-store'

function Banner({
  tone,
  label,
  children,
}: {
  tone: 'demo' | 'error' | 'warning'
  label: string
  children: ReactNode
}) {
  return (
    <div className={`banner banner-${tone}`} role={tone === 'error' ? 'alert' : 'region'} aria-label={label}>
      {children}
    </div>
  )
}

const ACTION_LABEL = {
  'replace-key': 'Replace key',
  'add-key': 'Add API key',
  settings: 'Open settings',
} as const

/** Whether any row shows a price (usually the first quote does, so this stops at once). */
function hasPrices(state: WatchState): boolean {
  for (const quote of state.quotes.values()) if (quote.price !== null) return true
  return false
}

function ErrorBanner({ status }: { status: AppStatus }) {
  const anyPrices = useWatch(hasPrices)
  const error = currentError(status)
  // The sentence carries the ages of old data, so it follows the clock; without an error the
  // selector returns a constant, so the clock's ticks re-render nothing then.
  const nowMs = useClock((clock) => (error ? clock.now : 0))
  const zone = useDisplayZone()
  if (!error) return null
  const { text, action } = describeError(error, status, anyPrices, nowMs, zone)
  return (
    <Banner tone="error" label="Connection problem">
      <span className="banner-icon" aria-hidden="true">
        !
      </span>
      <span className="banner-text" title={error.message}>
        {text}
      </span>
      {action && (
        <button
          type="button"
          className="button button-small"
          onClick={() => openDialog('settings', action === 'settings' ? null : 'key')}
        >
          {ACTION_LABEL[action]}
        </button>
      )}
    </Banner>
  )
}

/** The demo banner, the current error, storage trouble and the last failed command. */
export function Banners() {
  const status = useWatch((state) => state.status)
  const notice = useWatch((state) => state.notice)
  const problems = status
    ? [status.storageProblem, status.keychainProblem].filter((p): p is string => p !== null)
    : []
  return (
    <div className="banners">
      {status?.mode === 'demo' && (
        <Banner tone="demo" label="Demo mode">
          <span className="demo-tag">DEMO</span>
          <span className="banner-text">
            Simulated market data<span className="banner-more"> — these are not real prices</span>.
          </span>
          <button
            type="button"
            className="button button-small button-primary"
            onClick={() => openDialog('settings', 'key')}
          >
            Add API key
          </button>
        </Banner>
      )}
      {status && <ErrorBanner status={status} />}
      {problems.map((problem) => (
        <Banner key={problem} tone="warning" label="Storage problem">
          <span className="banner-text">{problem}</span>
        </Banner>
      ))}
      {notice && (
        <Banner tone="warning" label="Notice">
          <span className="banner-text">{notice}</span>
          <button type="button" className="button button-small" onClick={() => showNotice(null)}>
            Dismiss
          </button>
        </Banner>
      )}
    </div>
  )
}
