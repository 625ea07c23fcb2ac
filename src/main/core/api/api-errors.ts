import { STATUS_CODES } from 'node:http'
import type { ErrorKind } from '../../../shared/status'
import { wireErrorBody } from './wire/wire'

/**
 * The closed set of ways a call to the market-data API can fail, each with a message a trader can
 * act on. Every failure of ApiClient is one of these; nothing else escapes it (except the caller's
 * own abort, which rejects with the caller's abort reason as AbortSignal semantics expect).
 */

export type ApiErrorKind = Exclude<ErrorKind, 'config' | 'poller'>

/** A server may ask us to wait; we honour it, but never for longer than this. */
export const MAX_RETRY_AFTER_MS = 60 * 60 * 1000

/**
 * Service-provided text is shown to people and printed on terminals: bounded and without control characters.
 */
const MAX_SERVICE_TEXT = 300

export interface ApiErrorInit {
  kind: ApiErrorKind
  message: string
  status?: number | null
  code?: string | null
  retryAfterMs?: number | null
  documentation?: string | null
  serviceMessage?: string | null
}

export class ApiError extends Error {
  override readonly name = 'ApiError'
  readonly kind: ApiErrorKind
  /** The HTTP status, or null when no response came. */
  readonly status: number | null
  /** The service's own error code (INVALID_SYMBOL, RATE_LIMITED...), when its body said so. */
  readonly code: string | null
  /** How long the service asked us to wait before the next request (Retry-After), capped. */
  readonly retryAfterMs: number | null
  /** The documentation link the service's error body pointed to. */
  readonly documentation: string | null
  /** The `message` of the service's error body, sanitised, when it sent one. */
  readonly serviceMessage: string | null

  constructor(init: ApiErrorInit) {
    super(init.message)
    this.kind = init.kind
    this.status = init.status ?? null
    this.code = init.code ?? null
    this.retryAfterMs = init.retryAfterMs ?? null
    this.documentation = init.documentation ?? null
    this.serviceMessage = init.serviceMessage ?? null
  }
}

/**
 * Thrown for a client that cannot be built as configured (bad base URL, unusable key). Not an API failure.
 */
export class ApiConfigError extends Error {
  override readonly name = 'ApiConfigError'
  readonly kind = 'config' as const
}

export function sanitizeServiceText(text: string): string {
  // eslint-disable-next-line no-control-regex -- stripping control characters is the point
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ').trim()
  return clean.length > MAX_SERVICE_TEXT ? `${clean.slice(0, MAX_SERVICE_TEXT)}…` : clean
}

/**
 * Retry-After is either delay-seconds or an HTTP-date (RFC 9110 10.2.3). Returns ms from now,
 * 0 for a date in the past, null when absent or unreadable; never more than MAX_RETRY_AFTER_MS.
 */
export function parseRetryAfter(value: string | string[] | undefined, nowMs: number): number | null {
  const text = (Array.isArray(value) ? value[0] : value)?.trim()
  if (!text) return null
  let delayMs: number
  if (/^\d+$/.test(text)) delayMs = Number(text) * 1000
  else {
    // An HTTP-date names its day and month; without one Date.parse guesses ("-1" is a date in 2001).
    const at = /[a-z]{3}/i.test(text) ? Date.parse(text) : Number.NaN
    if (Number.isNaN(at)) return null
    delayMs = Math.max(0, at - nowMs)
  }
  return Math.min(delayMs, MAX_RETRY_AFTER_MS)
}

/** The documented error body `{code, message, documentation}`, only when the body parses as one. */
function readErrorBody(text: string): {
  code: string | null
  message: string | null
  documentation: string | null
} {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return { code: null, message: null, documentation: null }
  }
  const body = wireErrorBody.safeParse(json)
  if (!body.success) return { code: null, message: null, documentation: null }
  return {
    code: sanitizeServiceText(body.data.code) || null,
    message: body.data.message ? sanitizeServiceText(body.data.message) : null,
    documentation: body.data.documentation ? sanitizeServiceText(body.data.documentation) : null,
  }
}

function kindOfStatus(status: number, code: string | null): ApiErrorKind {
  if (status === 401 && code === 'MISSING_API_KEY') return 'key-missing'
  // A read-only key is a valid key: the service refuses it a request, not the key itself.
  if (status === 403 && code === 'READ_ONLY_API_KEY') return 'invalid-request'
  if (status === 401 || status === 403) return 'key-rejected'
  if (status === 404) return 'not-found'
  if (status === 408) return 'timeout'
  if (status === 429) return 'rate-limited'
  if (status >= 500) return 'server'
  if (status >= 400) return 'invalid-request'
  // 1xx (not final) and 2xx are handled by the caller; anything else we cannot use.
  return 'invalid-response'
}

const ADVICE: Record<ApiErrorKind, string> = {
  'key-missing': 'The service says no API key was sent',
  'key-rejected': 'The API key was rejected; check that it is correct and still active',
  'not-found': 'Not found at this address; check the base URL',
  'invalid-request': 'The service refused the request as invalid',
  'rate-limited': 'Too many requests: the service asked us to slow down',
  server: 'The service had an internal problem; it usually passes, try again shortly',
  network: 'Could not reach the service',
  timeout: 'The service did not answer in time',
  'invalid-response': 'The service sent an answer we cannot use',
}

/** Where the service's code says more than the status does. */
const CODE_ADVICE = new Map([
  ['ASSET_NOT_FOUND', 'The service does not list this asset'],
  ['READ_ONLY_API_KEY', 'The service refused this request to a read-only key (the key itself was accepted)'],
])

/** An error for a final, non-2xx response. `bodyText` is whatever of the body we read (bounded). */
export function apiErrorFromResponse(
  status: number,
  headers: Record<string, string | string[] | undefined>,
  bodyText: string,
  nowMs: number,
): ApiError {
  const body = readErrorBody(bodyText)
  const kind = kindOfStatus(status, body.code)
  const label = `${status} ${body.code ?? STATUS_CODES[status] ?? 'error'}`
  const retryAfterMs =
    kind === 'rate-limited' || kind === 'server' ? parseRetryAfter(headers['retry-after'], nowMs) : null
  const wait = retryAfterMs === null ? '' : ` Retry in ${Math.ceil(retryAfterMs / 1000)} s.`
  const said = body.message ? ` The service said: "${body.message}".` : ''
  // A 404 without the service's code is more likely a wrong base URL than an unknown asset.
  const advice = CODE_ADVICE.get(body.code ?? '') ?? ADVICE[kind]
  return new ApiError({
    kind,
    message: `${advice} (${label}).${said}${wait}`,
    status,
    code: body.code,
    retryAfterMs,
    documentation: body.documentation,
    serviceMessage: body.message,
  })
}

/** A 3xx: never followed, so the key is never sent to wherever it points. Names only the target's origin. */
export function redirectError(
  status: number,
  location: string | string[] | undefined,
  base: string,
): ApiError {
  const target = Array.isArray(location) ? location[0] : location
  let where = 'an unstated address'
  if (target) {
    try {
      where = new URL(target, base).origin
    } catch {
      where = 'an unreadable address'
    }
  }
  return new ApiError({
    kind: 'invalid-response',
    message:
      `The service answered with a redirect to ${where} (${status}); ` +
      `not followed so the key is not sent elsewhere.`,
    status,
  })
}

export function invalidResponse(reason: string, status: number | null = null): ApiError {
  return new ApiError({
    kind: 'invalid-response',
    message: `${ADVICE['invalid-response']}: ${reason}.`,
    status,
  })
}

export function timeoutError(timeoutMs: number): ApiError {
  return new ApiError({
    kind: 'timeout',
    message: `${ADVICE.timeout} (no complete answer within ${timeoutMs} ms).`,
  })
}

const TIMEOUT_CODES = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'ETIMEDOUT',
])
const NETWORK_REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused (is the address right and the service running?)',
  ECONNRESET: 'the connection was reset',
  EPIPE: 'the connection was closed',
  ENOTFOUND: 'the host name was not found (DNS)',
  EAI_AGAIN: 'the host name could not be looked up (DNS); check the network connection',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable; check the network connection',
  UND_ERR_SOCKET: 'the connection closed unexpectedly',
  UND_ERR_CLOSED: 'the connection closed unexpectedly',
}

function errorCode(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string') return code
  // Node wraps the per-address failures of a dual-stack connect in an AggregateError.
  const inner = (error as { errors?: unknown }).errors
  if (Array.isArray(inner)) return errorCode(inner[0])
  const cause = (error as { cause?: unknown }).cause
  return cause === undefined ? null : errorCode(cause)
}

/**
 * The service was reached and answered, but its answer broke HTTP itself (headers past what a
 * client reads, a status line or header that does not parse): no network problem to wait out.
 */
const MALFORMED_ANSWER: Record<string, string> = {
  UND_ERR_HEADERS_OVERFLOW: 'its headers are larger than a client reads',
  HPE_HEADER_OVERFLOW: 'its headers are larger than a client reads',
  UND_ERR_INFO: 'its answer is not well-formed HTTP',
}

/** An error for a request that got no usable response: the connection, DNS or a timeout failed. */
export function apiErrorFromTransport(error: unknown, timeoutMs: number): ApiError {
  if (error instanceof ApiError) return error
  const code = errorCode(error)
  if (code !== null && TIMEOUT_CODES.has(code)) return timeoutError(timeoutMs)
  const malformed =
    code === null
      ? undefined
      : (MALFORMED_ANSWER[code] ??
        (code.startsWith('HPE_') ? 'its answer is not well-formed HTTP' : undefined))
  if (malformed !== undefined) return invalidResponse(`the service was reached, but ${malformed} (${code})`)
  const reason = code === null ? undefined : NETWORK_REASONS[code]
  const message = `${ADVICE.network}: ${reason ?? `the connection failed (${code ?? 'unknown cause'})`}.`
  return new ApiError({ kind: 'network', message })
}
