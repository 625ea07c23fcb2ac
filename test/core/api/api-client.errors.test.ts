import { describe, expect, it } from 'vitest'
import {
  ApiError,
  MAX_RETRY_AFTER_MS,
  apiErrorFromTransport,
  parseRetryAfter,
  sanitizeServiceText,
} from '../../../src/main/core/api/api-errors'
import { apiErrorOf, sendJson, sendText, useLoopbackClient } from './api-client.fixtures'

/** The HTTP side of the error taxonomy: each status the service (or a proxy) may answer with. */

const NOW = Date.UTC(2025, 8, 15, 14, 0, 0)
const api = useLoopbackClient({ now: () => NOW })

const errorBody = (code: string, message: string) => ({
  code,
  message,
  documentation: 'https://docs.gm.ondo.finance/errors',
})

describe('key errors', () => {
  it('maps 401 INVALID_API_KEY (JSON) to key-rejected with the service code and documentation', async () => {
    api.server.handle = (_req, res) => sendJson(res, 401, errorBody('INVALID_API_KEY', 'Invalid API key'))
    const error = await apiErrorOf(api.client.price('AAPLon'))
    expect(error).toMatchObject({
      kind: 'key-rejected',
      status: 401,
      code: 'INVALID_API_KEY',
      documentation: 'https://docs.gm.ondo.finance/errors',
      retryAfterMs: null,
    })
    expect(error.message).toMatch(
      /^The API key was rejected; .*\(401 INVALID_API_KEY\)\. The service said: "Invalid API key"\.$/,
    )
  })

  it('maps 401 MISSING_API_KEY to key-missing', async () => {
    api.server.handle = (_req, res) => sendJson(res, 401, errorBody('MISSING_API_KEY', 'API key required'))
    expect(await apiErrorOf(api.client.market('AAPLon'))).toMatchObject({
      kind: 'key-missing',
      code: 'MISSING_API_KEY',
    })
  })

  it('maps a plain-text 403 Forbidden to key-rejected without assuming a JSON body', async () => {
    api.server.handle = (_req, res) => sendText(res, 403, 'Forbidden')
    const error = await apiErrorOf(api.client.allPrices())
    expect(error).toMatchObject({ kind: 'key-rejected', status: 403, code: null, documentation: null })
    expect(error.message).toContain('(403 Forbidden)')
  })

  it('does not call a read-only key rejected: 403 READ_ONLY_API_KEY is a refused request', async () => {
    api.server.handle = (_req, res) => sendJson(res, 403, errorBody('READ_ONLY_API_KEY', 'Read only'))
    const error = await apiErrorOf(api.client.market('AAPLon'))
    expect(error).toMatchObject({ kind: 'invalid-request', status: 403, code: 'READ_ONLY_API_KEY' })
    expect(error.message).toContain('read-only key (the key itself was accepted)')
  })

  it('maps a 403 with a JSON body to key-rejected too', async () => {
    api.server.handle = (_req, res) => sendJson(res, 403, errorBody('FORBIDDEN', 'Not allowed'))
    expect(await apiErrorOf(api.client.limits())).toMatchObject({ kind: 'key-rejected', code: 'FORBIDDEN' })
  })
})

describe('request errors', () => {
  it('maps 404 ASSET_NOT_FOUND to not-found, saying the asset is not listed', async () => {
    api.server.handle = (_req, res) => sendJson(res, 404, errorBody('ASSET_NOT_FOUND', 'Asset not found'))
    const error = await apiErrorOf(api.client.market('ZZZZon'))
    expect(error).toMatchObject({ kind: 'not-found', status: 404, code: 'ASSET_NOT_FOUND' })
    expect(error.message).toContain('does not list this asset')
  })

  it('maps a bare 404 to not-found, pointing at the base URL', async () => {
    api.server.handle = (_req, res) => sendText(res, 404, 'Cannot GET')
    const error = await apiErrorOf(api.client.allMarket())
    expect(error).toMatchObject({ kind: 'not-found', code: null })
    expect(error.message).toContain('check the base URL')
  })

  it.each(['INVALID_SYMBOL', 'INVALID_SORT'])('maps 400 %s to invalid-request', async (code) => {
    api.server.handle = (_req, res) => sendJson(res, 400, errorBody(code, 'Bad request'))
    expect(await apiErrorOf(api.client.allPrices('asc'))).toMatchObject({
      kind: 'invalid-request',
      status: 400,
      code,
    })
  })
})

describe('rate limiting', () => {
  it('reads Retry-After in seconds', async () => {
    api.server.handle = (_req, res) =>
      sendJson(res, 429, errorBody('RATE_LIMITED', 'Slow down'), { 'retry-after': '7' })
    const error = await apiErrorOf(api.client.price('AAPLon'))
    expect(error).toMatchObject({
      kind: 'rate-limited',
      status: 429,
      code: 'RATE_LIMITED',
      retryAfterMs: 7_000,
    })
    expect(error.message).toContain('Retry in 7 s.')
  })

  it('reads Retry-After as an HTTP-date', async () => {
    const at = new Date(NOW + 90_000).toUTCString()
    api.server.handle = (_req, res) =>
      sendJson(res, 429, errorBody('RATE_LIMITED', 'Slow down'), { 'retry-after': at })
    expect(await apiErrorOf(api.client.price('AAPLon'))).toMatchObject({
      kind: 'rate-limited',
      retryAfterMs: 90_000,
    })
  })

  it('leaves retryAfterMs null when there is no Retry-After, and works with a plain-text body', async () => {
    api.server.handle = (_req, res) => sendText(res, 429, 'Too Many Requests')
    expect(await apiErrorOf(api.client.price('AAPLon'))).toMatchObject({
      kind: 'rate-limited',
      code: null,
      retryAfterMs: null,
    })
  })

  it('caps a very long Retry-After at one hour', async () => {
    api.server.handle = (_req, res) =>
      sendJson(res, 429, errorBody('RATE_LIMITED', 'x'), { 'retry-after': '86400' })
    expect((await apiErrorOf(api.client.price('AAPLon'))).retryAfterMs).toBe(MAX_RETRY_AFTER_MS)
  })
})

describe('server errors', () => {
  it.each([500, 502, 503])('maps %i to server', async (status) => {
    api.server.handle = (_req, res) => sendJson(res, status, errorBody('INTERNAL_ERROR', 'Oops'))
    const error = await apiErrorOf(api.client.allMarket())
    expect(error).toMatchObject({ kind: 'server', status })
    expect(error.message).toMatch(/^The service had an internal problem/)
  })

  it('maps a 502 HTML page from a proxy to server, reading no JSON from it', async () => {
    api.server.handle = (_req, res) =>
      sendText(res, 502, '<html><body>Bad Gateway</body></html>', 'text/html')
    expect(await apiErrorOf(api.client.allMarket())).toMatchObject({
      kind: 'server',
      status: 502,
      code: null,
    })
  })

  it('honours Retry-After on a 503', async () => {
    api.server.handle = (_req, res) =>
      sendJson(res, 503, errorBody('UNAVAILABLE', 'Maintenance'), { 'retry-after': '30' })
    expect(await apiErrorOf(api.client.allMarket())).toMatchObject({ kind: 'server', retryAfterMs: 30_000 })
  })
})

describe('invalid responses', () => {
  it('maps a 200 HTML page (not JSON) to invalid-response, naming the content type', async () => {
    api.server.handle = (_req, res) => sendText(res, 200, '<!doctype html><title>Login</title>', 'text/html')
    const error = await apiErrorOf(api.client.allPrices())
    expect(error).toMatchObject({ kind: 'invalid-response', status: 200 })
    expect(error.message).toContain('not JSON (text/html)')
  })

  it('maps an all-assets answer that is not an array to invalid-response', async () => {
    api.server.handle = (_req, res) => sendJson(res, 200, { data: [] })
    const error = await apiErrorOf(api.client.allMarket())
    expect(error.kind).toBe('invalid-response')
    expect(error.message).toContain('expected a JSON array')
  })

  it('keeps service text on one bounded line (no control characters from the wire)', async () => {
    api.server.handle = (_req, res) =>
      sendJson(res, 400, errorBody('INVALID_SYMBOL', `bad\u001b[31m\nsymbol ${'x'.repeat(1000)}`))
    const error = await apiErrorOf(api.client.price('AAPLon'))
    expect([...error.message].filter((char) => char.charCodeAt(0) < 0x20)).toEqual([])
    expect(error.message.length).toBeLessThan(500)
  })
})

describe('parseRetryAfter', () => {
  it('reads seconds, dates, past dates, and refuses what it cannot read', () => {
    expect(parseRetryAfter('0', NOW)).toBe(0)
    expect(parseRetryAfter(' 12 ', NOW)).toBe(12_000)
    expect(parseRetryAfter(new Date(NOW - 5_000).toUTCString(), NOW)).toBe(0)
    expect(parseRetryAfter(['3', '9'], NOW)).toBe(3_000)
    expect(parseRetryAfter(undefined, NOW)).toBeNull()
    expect(parseRetryAfter('', NOW)).toBeNull()
    expect(parseRetryAfter('-1', NOW)).toBeNull()
    expect(parseRetryAfter('soon', NOW)).toBeNull()
  })
})

describe('apiErrorFromTransport', () => {
  it('names DNS and unreachable-network failures in plain words', () => {
    const dns = Object.assign(new Error('getaddrinfo ENOTFOUND api.example'), { code: 'ENOTFOUND' })
    expect(apiErrorFromTransport(dns, 1_000)).toMatchObject({ kind: 'network', status: null })
    expect(apiErrorFromTransport(dns, 1_000).message).toContain('host name was not found (DNS)')
    const dualStack = new AggregateError([Object.assign(new Error('x'), { code: 'ENETUNREACH' })])
    expect(apiErrorFromTransport(dualStack, 1_000).message).toContain('network is unreachable')
  })

  it('maps undici phase timeouts to timeout and passes ApiErrors through', () => {
    for (const code of ['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT'])
      expect(apiErrorFromTransport(Object.assign(new Error(code), { code }), 1_000).kind).toBe('timeout')
    const original = new ApiError({ kind: 'server', message: 'x' })
    expect(apiErrorFromTransport(original, 1_000)).toBe(original)
  })

  it('sanitizeServiceText trims, flattens and bounds', () => {
    expect(sanitizeServiceText('  a\r\nb\tc  ')).toBe('a b c')
    expect(sanitizeServiceText('y'.repeat(400))).toHaveLength(301)
  })
})
