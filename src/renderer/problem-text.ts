import type { SnapshotError } from '../shared/domain'
import type { AppStatus, StatusError } from '../shared/status'
import { type DisplayZone, displayZone } from '../shared/display-time'
import { formatZonedTime } from './format'
import { freshnessSentence } from '../shared/source-freshness'

/**
 * What went wrong, in words a trader understands: the banner's sentence and a row's short reason.
 * The service's or the validator's own words go in the details (a tooltip), never in the text.
 * Nothing here claims data that is not there: "the last good prices" only when some exist.
 */

export function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host
  } catch {
    return baseUrl
  }
}

/** The error to show now: the newest one an endpoint still has, or main's last while offline. */
export function currentError(status: AppStatus): StatusError | null {
  const errors = Object.values(status.endpoints).flatMap((endpoint) =>
    endpoint.lastError ? [endpoint.lastError] : [],
  )
  if (errors.length === 0) return status.connection === 'online' ? null : status.lastError
  return errors.reduce((newest, error) => (error.at > newest.at ? error : newest))
}

function retryText(error: StatusError, status: AppStatus, zone: DisplayZone): string {
  const retryAt =
    error.retryAt ??
    Object.values(status.endpoints).reduce<number | null>(
      (soonest, endpoint) =>
        endpoint.nextPollAt !== null && (soonest === null || endpoint.nextPollAt < soonest)
          ? endpoint.nextPollAt
          : soonest,
      null,
    )
  return retryAt === null ? '' : ` Retrying at ${formatZonedTime(retryAt, zone)}.`
}

export type ErrorAction = 'replace-key' | 'add-key' | 'settings' | null

/**
 * What went wrong, in plain words, and what the app does about it. `hasPrices`: whether any row
 * shows a price at all, so the banner never promises "the last good prices" when there are none.
 * When prices still arrive and only market data or limits fail, it names what is old and what is
 * live instead ("Market data 10m old; prices live."), `nowMs` giving the ages. A retry's time is told in
 * `zone`, with its name.
 */
export function describeError(
  error: StatusError,
  status: AppStatus,
  hasPrices: boolean,
  nowMs: number,
  zone: DisplayZone = displayZone('market'),
): { text: string; action: ErrorAction } {
  const host = hostOf(status.baseUrl)
  const retry = retryText(error, status, zone)
  const kept =
    freshnessSentence(status, nowMs) ??
    (hasPrices ? 'Showing the last good prices.' : 'No prices have arrived yet.')
  switch (error.kind) {
    case 'key-missing':
      return { text: `No API key for ${host}: live prices cannot be fetched.`, action: 'add-key' }
    case 'key-rejected':
      return { text: `${host} rejected the API key. Prices are not updating.`, action: 'replace-key' }
    case 'rate-limited':
      return { text: `${host} is limiting requests: rate limited.${retry}`, action: null }
    case 'network':
      return { text: `Cannot reach ${host}. ${kept}${retry}`, action: null }
    case 'timeout':
      return { text: `${host} is not answering in time. ${kept}${retry}`, action: null }
    case 'server':
      return { text: `${host} had a problem on its side. ${kept}${retry}`, action: null }
    case 'invalid-response':
      return { text: `The answers from ${host} cannot be read. ${kept}${retry}`, action: null }
    case 'not-found':
      // A whole endpoint not found is an address problem: the fix is in the settings.
      return { text: `${host}: ${error.message}`, action: 'settings' }
    case 'invalid-request':
      return { text: `${host} refused a request: ${error.message}`, action: null }
    case 'config':
      return { text: `The connection settings need attention: ${error.message}`, action: 'settings' }
    case 'poller':
      return { text: `${error.message} ${kept}${retry}`, action: null }
  }
}

/** Why a row has no data: short words for the row, the service's own in `detail`. */
export interface RowProblem {
  text: string
  /** The fewest words that are still true, for a row whose problem has one narrow cell. */
  short: string
  detail: string
}

/** Why data cannot come for every row, in a row's few words. */
function noDataYet(error: StatusError, host: string): string {
  switch (error.kind) {
    case 'network':
    case 'timeout':
      return `No data yet: cannot reach ${host}`
    case 'key-missing':
      return `No data yet: no API key for ${host}`
    case 'key-rejected':
      return `No data yet: ${host} rejected the API key`
    case 'server':
      return `No data yet: ${host} has a problem on its side`
    case 'rate-limited':
      return `No data yet: ${host} is limiting requests`
    case 'invalid-response':
      return `No data yet: the answers from ${host} cannot be read`
    case 'not-found':
    case 'config':
      return 'No data yet: check the base URL in the settings'
    case 'invalid-request':
      return `No data yet: ${host} refused the request`
    case 'poller':
      return 'No data yet: price updates are restarting'
  }
}

/**
 * Why a row that has never had data has none: the service's error about its own symbol (not
 * listed, an unreadable record), else the error that keeps every row from loading; null while its
 * data may simply still be on its way.
 */
export function rowProblem(symbolError: SnapshotError | null, status: AppStatus | null): RowProblem | null {
  if (symbolError) {
    const [text, short] =
      symbolError.code === 'ASSET_NOT_FOUND'
        ? ['Not listed by the service', 'Not listed']
        : symbolError.code === 'INVALID_RECORD'
          ? ['The service sent data for it that cannot be read', 'Unreadable']
          : [symbolError.message, 'No data']
    return { text, short, detail: symbolError.message }
  }
  const error = status?.endpoints.prices.lastError ?? status?.endpoints.market.lastError ?? null
  if (!status || !error) return null
  return { text: noDataYet(error, hostOf(status.baseUrl)), short: 'No data yet', detail: error.message }
}
