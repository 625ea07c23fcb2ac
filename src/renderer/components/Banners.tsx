import type { ReactNode } from 'react'
import type { AppStatus, StatusError } from '../../shared/ipc-contract'
import { formatClockTime } from '../format'
import { openDialog, showNotice, useWatch } from '../store/watch-store'

/** The error to show now: the newest one an endpoint still has, or main's last while offline. */
export function currentError(status: AppStatus): StatusError | null {
  const errors = Object.values(status.endpoints).flatMap((endpoint) =>
    endpoint.lastError ? [endpoint.lastError] : [],
  )
  if (errors.length === 0) return status.connection === 'online' ? null : status.lastError
  return errors.reduce((newest, error) => (error.at > newest.at ? error : newest))
}

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host
  } catch {
    return baseUrl
  }
}

function retryText(error: StatusError, status: AppStatus): string {
  const retryAt =
    error.retryAt ??
    Object.values(status.endpoints).reduce<number | null>(
      (soonest, endpoint) =>
        endpoint.nextPollAt !== null && (soonest === null || endpoint.nextPollAt < soonest)
          ? endpoint.nextPollAt
          : soonest,
      null,
    )
  return retryAt === null ? '' : ` Retrying at ${formatClockTime(retryAt)}.`
}

/** What went wrong, in plain words, and what the app does about it. */
export function describeError(
  error: StatusError,
  status: AppStatus,
): { text: string; action: 'replace-key' | 'add-key' | 'settings' | null } {
  const host = hostOf(status.baseUrl)
  const retry = retryText(error, status)
  switch (error.kind) {
    case 'key-missing':
      return { text: 'No API key is set, so live prices cannot be fetched.', action: 'add-key' }
    case 'key-rejected':
      return { text: `${host} rejected the API key. Prices are not updating.`, action: 'replace-key' }
    case 'rate-limited':
      return { text: `${host} is limiting requests: rate limited.${retry}`, action: null }
    case 'network':
      return { text: `Cannot reach ${host}. Showing the last good prices.${retry}`, action: null }
    case 'timeout':
      return { text: `${host} is not answering in time. Showing the last good prices.${retry}`, action: null }
    case 'server':
      return {
        text: `${host} had a problem on its side. Showing the last good prices.${retry}`,
        action: null,
      }
    case 'invalid-response':
      return {
        text: `${host} sent data this app cannot read; the last good values stay on screen.${retry}`,
        action: null,
      }
    case 'not-found':
      // A whole endpoint not found is an address problem: the fix is in the settings.
      return { text: `${host}: ${error.message}`, action: 'settings' }
    case 'invalid-request':
      return { text: `${host} refused a request: ${error.message}`, action: null }
    case 'config':
      return { text: `The connection settings need attention: ${error.message}`, action: 'settings' }
  }
}

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

function ErrorBanner({ status }: { status: AppStatus }) {
  const error = currentError(status)
  if (!error) return null
  const { text, action } = describeError(error, status)
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
          <span className="banner-text">Simulated market data — these are not real prices.</span>
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
