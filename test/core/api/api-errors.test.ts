import { describe, expect, it } from 'vitest'
import {
  ApiConfigError,
  ApiError,
  apiErrorFromResponse,
  apiErrorFromTransport,
  parseRetryAfter,
  redirectError,
  sanitizeServiceText,
} from '../../../src/main/core/api/api-errors'

/**
 * The API's failures as the app words and classifies them, case by case: what the core's mutation
 * run showed the client's tests leave open (the status table's edges, Retry-After's two forms,
 * the transport causes Node nests, the texts a person reads).
 */

const NOW = Date.UTC(2025, 8, 15, 14, 0, 0)
const kindOf = (status: number, code?: string) =>
  apiErrorFromResponse(status, {}, code ? JSON.stringify({ code, message: 'm' }) : '', NOW).kind

describe('a response that is not a success', () => {
  it('is classified by its status, and by the service code only where the status is 401', () => {
    const cases: Array<[status: number, code: string | undefined, kind: string]> = [
      [401, 'MISSING_API_KEY', 'key-missing'],
      [401, undefined, 'key-rejected'],
      [403, 'MISSING_API_KEY', 'key-rejected'],
      // A read-only key is only a refused request where the status is 403.
      [403, 'READ_ONLY_API_KEY', 'invalid-request'],
      [401, 'READ_ONLY_API_KEY', 'key-rejected'],
      [408, undefined, 'timeout'],
      [429, undefined, 'rate-limited'],
      [400, undefined, 'invalid-request'],
      [499, undefined, 'invalid-request'],
      [503, undefined, 'server'],
      // 1xx and 2xx reach here only if the caller let one through: nothing usable.
      [204, undefined, 'invalid-response'],
    ]
    expect(cases.map(([status, code]) => kindOf(status, code))).toEqual(cases.map(([, , kind]) => kind))
  })

  it('keeps Retry-After only where waiting is asked for (429 and 5xx)', () => {
    const wait = { 'retry-after': '7' }
    expect(apiErrorFromResponse(429, wait, '', NOW).retryAfterMs).toBe(7_000)
    expect(apiErrorFromResponse(503, wait, '', NOW).retryAfterMs).toBe(7_000)
    expect(apiErrorFromResponse(400, wait, '', NOW).retryAfterMs).toBeNull()
  })

  it('says what the service said, in quotes, and nothing when it said nothing', () => {
    const said = apiErrorFromResponse(
      400,
      {},
      JSON.stringify({ code: 'INVALID_SYMBOL', message: 'bad' }),
      NOW,
    )
    expect(said.message).toBe(
      'The service refused the request as invalid (400 INVALID_SYMBOL). The service said: "bad".',
    )
    expect(apiErrorFromResponse(418, {}, '', NOW).message).toMatch(/\(418 I'm a Teapot\)\.$/)
    // A status Node has no name for, and no code from the service: still a label.
    expect(apiErrorFromResponse(599, {}, '', NOW).message).toMatch(/\(599 error\)\.$/)
  })
})

describe('Retry-After', () => {
  it('reads whole seconds only, and a date only when it names a day or month', () => {
    expect(parseRetryAfter('120', NOW)).toBe(120_000)
    expect(parseRetryAfter('5s', NOW)).toBeNull()
    expect(parseRetryAfter('-1', NOW)).toBeNull()
    expect(parseRetryAfter('2025 09 15', NOW)).toBeNull()
    // Not an HTTP-date (RFC 9110 names the day and month in letters), though Date.parse reads it.
    expect(parseRetryAfter('2025-09-15T14:00:30Z', NOW)).toBeNull()
    expect(parseRetryAfter('Mon, 15 Sep 2025 14:00:30 GMT', NOW)).toBe(30_000)
  })
})

describe('texts from the service', () => {
  it('are kept whole up to 300 characters and cut with an ellipsis beyond', () => {
    expect(sanitizeServiceText('x'.repeat(300))).toBe('x'.repeat(300))
    expect(sanitizeServiceText('x'.repeat(301))).toBe(`${'x'.repeat(300)}…`)
  })
})

describe('a redirect', () => {
  it('names the origin it points to, or says it could not tell', () => {
    expect(redirectError(302, undefined, 'https://api.example').message).toMatch(
      /^The service answered with a redirect to an unstated address \(302\)/,
    )
    expect(redirectError(301, 'http://[bad', 'https://api.example').message).toMatch(
      /redirect to an unreadable address \(301\)/,
    )
    expect(redirectError(307, ['https://other.example/x?key=1'], 'https://api.example').message).toMatch(
      /redirect to https:\/\/other\.example \(307\)/,
    )
  })
})

describe('a failure below HTTP', () => {
  const networkMessage = (error: unknown) => apiErrorFromTransport(error, 1_000).message

  it('finds the code Node put on the error, its first inner error or its cause', () => {
    expect(networkMessage(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))).toMatch(
      /connection refused/,
    )
    const dualStack = new AggregateError(
      [Object.assign(new Error('a'), { code: 'ECONNRESET' })],
      'both failed',
    )
    expect(networkMessage(dualStack)).toMatch(/the connection was reset/)
    const wrapped = new TypeError('fetch failed', {
      cause: Object.assign(new Error('c'), { code: 'ENOTFOUND' }),
    })
    expect(networkMessage(wrapped)).toMatch(/host name was not found/)
    expect(apiErrorFromTransport(new Error('t', { cause: { code: 'ETIMEDOUT' } }), 1_000).kind).toBe(
      'timeout',
    )
  })

  it('says the cause is unknown for an error without a code, or a thrown non-object', () => {
    expect(networkMessage(new Error('plain'))).toBe(
      'Could not reach the service: the connection failed (unknown cause).',
    )
    expect(networkMessage('a string')).toBe(
      'Could not reach the service: the connection failed (unknown cause).',
    )
    expect(networkMessage(null)).toBe('Could not reach the service: the connection failed (unknown cause).')
    expect(networkMessage(undefined)).toBe(
      'Could not reach the service: the connection failed (unknown cause).',
    )
    expect(networkMessage(Object.assign(new Error('x'), { code: 'EWHATEVER' }))).toBe(
      'Could not reach the service: the connection failed (EWHATEVER).',
    )
  })
})

describe('an answer that breaks HTTP', () => {
  it('says the service was reached, for any parser error of llhttp, named or not in the table', () => {
    for (const [code, what] of [
      ['HPE_HEADER_OVERFLOW', 'its headers are larger than a client reads'],
      ['UND_ERR_INFO', 'its answer is not well-formed HTTP'],
      ['HPE_INVALID_CONSTANT', 'its answer is not well-formed HTTP'],
    ]) {
      const error = apiErrorFromTransport(Object.assign(new Error('x'), { code }), 1_000)
      expect(error.kind).toBe('invalid-response')
      expect(error.message).toBe(
        `The service sent an answer we cannot use: the service was reached, but ${what} (${code}).`,
      )
    }
  })
})

describe('the error classes', () => {
  it('are named, so logs and the CLI say which one', () => {
    expect(new ApiError({ kind: 'server', message: 'm' }).name).toBe('ApiError')
    expect(new ApiConfigError('m').name).toBe('ApiConfigError')
  })
})
