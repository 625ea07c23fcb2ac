import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { Agent } from 'undici'
import { ApiClient } from '../../../src/main/core/api/api-client'
import { ApiConfigError, type ApiError } from '../../../src/main/core/api/api-errors'
import {
  type LoopbackServer,
  TEST_KEY,
  apiErrorOf,
  limitsEnvelope,
  marketRecord,
  priceRecord,
  sendJson,
  sendText,
  startLoopbackServer,
} from './api-client.fixtures'

/** What protects the key and the URL: symbol checks, base-URL rules, redirects, headers. */

let server: LoopbackServer
/** A second origin a redirect points to: it must never be contacted. */
let elsewhere: LoopbackServer
let client: ApiClient

beforeAll(async () => {
  server = await startLoopbackServer()
  elsewhere = await startLoopbackServer()
  client = new ApiClient({ baseUrl: server.url, apiKey: TEST_KEY, timeoutMs: 2_000 })
})
afterAll(async () => {
  await client.close()
  await server.close()
  await elsewhere.close()
})
beforeEach(() => {
  server.requests.length = 0
  elsewhere.requests.length = 0
  // Answers any single-asset request about the asset it names.
  server.handle = (req, res) => {
    const url = new URL(req.url ?? '/', server.url)
    const segments = url.pathname.split('/')
    const symbol = segments[segments.indexOf('assets') + 1] ?? ''
    if (url.pathname.endsWith('/limits/session')) return sendJson(res, 200, [limitsEnvelope(['AAPLon'])])
    if (url.pathname.endsWith('/market')) return sendJson(res, 200, marketRecord(symbol))
    return sendJson(res, 200, priceRecord(symbol))
  }
})

describe('symbols are checked before any request', () => {
  const badSymbols: Array<[string, string]> = [
    ['path traversal', '../'],
    ['traversal to another endpoint', '../../v1/assets/all'],
    ['encoded traversal', '..%2F'],
    ['encoded slash', 'AAPL%2Fon'],
    ['empty', ''],
    ['very long', `${'A'.repeat(200)}on`],
    ['non-ASCII', 'ÄAPLon'],
    ['the literal all', 'all'],
    ['ALL in capitals', 'ALL'],
    ['lowercase', 'aaplon'],
    ['query injection', 'AAPLon?sort=asc'],
    ['whitespace', ' AAPLon'],
  ]

  it.each(badSymbols)('refuses %s (%j) with invalid-request and sends nothing', async (_what, symbol) => {
    const failures: ApiError[] = [
      await apiErrorOf(client.market(symbol)),
      await apiErrorOf(client.price(symbol)),
      await apiErrorOf(client.limits(symbol)),
    ]
    for (const error of failures) {
      expect(error.kind).toBe('invalid-request')
      expect(error.message).toMatch(/^Not a token symbol: /)
    }
    expect(server.requests).toHaveLength(0)
  })

  it('refuses a sort order other than asc or desc without a request', async () => {
    const error = await apiErrorOf(client.allPrices('sideways' as 'asc'))
    expect(error.kind).toBe('invalid-request')
    expect(server.requests).toHaveLength(0)
  })

  it('builds each endpoint path from the base URL, with the symbol URL-encoded', async () => {
    await client.market('BRK.Bon')
    await client.price('AAPLon')
    await client.allMarket().catch(() => undefined)
    await client.allPrices('desc').catch(() => undefined)
    await client.limits('BRK-Bon')
    await client.limits()
    expect(server.requests.map((request) => request.url)).toEqual([
      '/v1/assets/BRK.Bon/market',
      '/v1/assets/AAPLon/prices/latest',
      '/v1/assets/all/market',
      '/v1/assets/all/prices/latest?sort=desc',
      '/v1/limits/session?symbol=BRK-Bon',
      '/v1/limits/session',
    ])
    expect(server.requests.every((request) => request.method === 'GET')).toBe(true)
  })
})

describe('base URL', () => {
  it('refuses plain http to a host that is not this computer, with a clear reason', () => {
    expect(() => new ApiClient({ baseUrl: 'http://example.com', apiKey: TEST_KEY })).toThrow(ApiConfigError)
    expect(() => new ApiClient({ baseUrl: 'http://example.com', apiKey: TEST_KEY })).toThrow(
      /plain http:\/\/ is allowed only to this computer/,
    )
  })

  it.each([
    'not a url',
    'ftp://api.example.com',
    'https://user:pw@api.example.com',
    'https://api.example.com/?a=1',
  ])('refuses %j', (baseUrl) => {
    expect(() => new ApiClient({ baseUrl, apiKey: TEST_KEY })).toThrow(/^The base URL is not usable: /)
  })

  it('accepts https anywhere and http to loopback', async () => {
    const remote = new ApiClient({ baseUrl: 'https://api.gm.ondo.finance/', apiKey: TEST_KEY })
    expect(remote.origin).toBe('https://api.gm.ondo.finance')
    await remote.close()
    expect(client.origin).toBe(server.url)
    expect((await client.price('AAPLon')).records).toHaveLength(1)
  })

  it('keeps a path prefix of the base URL', async () => {
    const prefixed = new ApiClient({ baseUrl: `${server.url}/gateway/`, apiKey: TEST_KEY })
    try {
      await prefixed.price('AAPLon')
      expect(server.requests.map((request) => request.url)).toEqual([
        '/gateway/v1/assets/AAPLon/prices/latest',
      ])
    } finally {
      await prefixed.close()
    }
  })

  const KEY_REFUSED =
    'The API key contains spaces, line breaks or other characters a key cannot have; paste it again.'
  it.each([
    ['a zero timeout', { timeoutMs: 0 }, 'timeoutMs must be a positive number.'],
    [
      'an endless connect timeout',
      { connectTimeoutMs: Number.POSITIVE_INFINITY },
      'connectTimeoutMs must be a positive number.',
    ],
    ['a negative body limit', { maxBodyBytes: -1 }, 'maxBodyBytes must be a positive number.'],
    ['a key with a line break', { apiKey: 'abc\r\nx-evil: 1' }, KEY_REFUSED],
    ['a key with a space', { apiKey: 'abc def' }, KEY_REFUSED],
  ])('refuses %s, saying which setting', (_what, options, message) => {
    expect(() => new ApiClient({ baseUrl: server.url, apiKey: TEST_KEY, ...options })).toThrow(
      new ApiConfigError(message),
    )
  })

  it('refuses a sort order other than asc or desc before any request', async () => {
    const error = await apiErrorOf(client.allPrices('sideways' as 'asc'))
    expect([error.kind, error.message]).toEqual([
      'invalid-request',
      'The sort order must be "asc" or "desc".',
    ])
    expect(server.requests).toHaveLength(0)
  })

  it('closes the connection pool it made, and leaves one it was given open', async () => {
    const given = new Agent()
    const borrowing = new ApiClient({ baseUrl: server.url, apiKey: TEST_KEY, dispatcher: given })
    await borrowing.close()
    expect(given.closed).toBe(false)
    await given.close()
    const owning = new ApiClient({ baseUrl: server.url, apiKey: TEST_KEY })
    await owning.price('AAPLon')
    await owning.close()
    await expect(owning.price('AAPLon')).rejects.toMatchObject({ kind: 'network' })
  })
})

describe('redirects are not followed', () => {
  it.each([300, 301, 302, 307, 308])(
    'treats a %i to another origin as invalid-response and never contacts it',
    async (status) => {
      server.handle = (_req, res) => {
        res.writeHead(status, { location: `${elsewhere.url}/collect?from=tokenwatch` })
        res.end()
      }
      const error = await apiErrorOf(client.price('AAPLon'))
      expect(error.kind).toBe('invalid-response')
      expect(error.status).toBe(status)
      expect(error.message).toBe(
        `The service answered with a redirect to ${elsewhere.url} (${status}` +
          `); not followed so the key is not sent elsewhere.`,
      )
      expect(server.requests).toHaveLength(1)
      expect(elsewhere.requests).toHaveLength(0)
    },
  )

  it('does not follow a relative redirect on the same origin either', async () => {
    server.handle = (_req, res) => {
      res.writeHead(302, { location: '/v2/elsewhere' })
      res.end()
    }
    const error = await apiErrorOf(client.allMarket())
    expect(error.message).toContain(`redirect to ${server.url} (302)`)
    expect(server.requests).toHaveLength(1)
  })
})

describe('the API key', () => {
  it('goes only in x-api-key, with accept and user-agent set, and never in the URL', async () => {
    await client.price('AAPLon')
    await client.limits()
    for (const request of server.requests) {
      expect(request.headers['x-api-key']).toBe(TEST_KEY)
      expect(request.headers.accept).toBe('application/json')
      // The app and the CLI give their version (ApiClientOptions.userAgent); this client none.
      expect(request.headers['user-agent']).toBe('tokenwatch')
      expect(request.url).not.toContain(TEST_KEY)
      const elsewhereInHeaders = Object.entries(request.headers).filter(
        ([name, value]) => name !== 'x-api-key' && String(value).includes(TEST_KEY),
      )
      expect(elsewhereInHeaders).toEqual([])
    }
  })

  it('goes with the user agent the app gives, its version in it', async () => {
    const versioned = new ApiClient({ baseUrl: server.url, apiKey: TEST_KEY, userAgent: 'tokenwatch/0.1.0' })
    try {
      await versioned.price('AAPLon')
    } finally {
      await versioned.close()
    }
    expect(server.requests.map((request) => request.headers['user-agent'])).toEqual(['tokenwatch/0.1.0'])
  })

  it('never appears in an error message, even when the service echoes it back', async () => {
    server.handle = (req, res) =>
      sendJson(res, 401, {
        code: `INVALID_API_KEY ${String(req.headers['x-api-key'])}`,
        message: `Key ${String(req.headers['x-api-key'])} is not valid`,
        documentation: `https://docs.example/${String(req.headers['x-api-key'])}`,
      })
    const error = await apiErrorOf(client.price('AAPLon'))
    expect(error.kind).toBe('key-rejected')
    const everything = JSON.stringify({
      message: error.message,
      code: error.code,
      doc: error.documentation,
      stack: error.stack,
    })
    expect(everything).not.toContain(TEST_KEY)
    expect(error.message).toContain('[key]')
  })

  it('never reaches records or their rejections, even when a service reflects it into them', async () => {
    server.handle = (req, res) => {
      const key = String(req.headers['x-api-key'])
      const reflected = priceRecord('AAPLon')
      sendJson(res, 200, [
        { ...reflected, underlyingMarket: { ...reflected.underlyingMarket, ticker: key } },
        { primaryMarket: { symbol: key, price: 'none' }, [key]: true },
        priceRecord('TSLAon'),
      ])
    }
    // One key as the tests use, one with characters JSON escapes (a key may be any printable ASCII).
    for (const key of [TEST_KEY, 'k"e\\y/0123456789']) {
      const reflecting = new ApiClient({ baseUrl: server.url, apiKey: key, timeoutMs: 2_000 })
      const result = await reflecting.allPrices()
      await reflecting.close()
      expect(result.records.map((record) => record.primaryMarket.symbol)).toContain('TSLAon')
      expect(result.rejected.length).toBeGreaterThan(0)
      const everything = JSON.stringify(result)
      expect(everything.includes(JSON.stringify(key).slice(1, -1))).toBe(false)
      expect(everything).toContain('[key]')
    }
  })

  it('never reaches the listing of an all-assets answer read for a few symbols', async () => {
    server.handle = (req, res) => {
      const key = String(req.headers['x-api-key'])
      const reflected = marketRecord('TSLAon')
      sendJson(res, 200, [
        marketRecord('AAPLon'),
        { ...reflected, underlyingMarket: { ...reflected.underlyingMarket, name: `Inc. ${key}` } },
      ])
    }
    for (const key of [TEST_KEY, 'k"e\\y/0123456789']) {
      const reflecting = new ApiClient({ baseUrl: server.url, apiKey: key, timeoutMs: 2_000 })
      const result = await reflecting.allMarket(undefined, new Set(['AAPLon']))
      await reflecting.close()
      expect(result.records.map((record) => record.primaryMarket.symbol)).toEqual(['AAPLon'])
      expect(result.listed.map((asset) => asset.name)).toEqual(['AAPL Inc.', 'Inc. [key]'])
    }
  })

  it('never appears in any error of the taxonomy', async () => {
    const answers: Array<(res: Parameters<LoopbackServer['handle']>[1]) => void> = [
      (res) => sendText(res, 403, 'Forbidden'),
      (res) => sendJson(res, 429, { code: 'RATE_LIMITED' }, { 'retry-after': '3' }),
      (res) => sendJson(res, 500, { code: 'INTERNAL_ERROR', message: 'boom' }),
      (res) => sendText(res, 200, '<html>', 'text/html'),
      (res) => sendJson(res, 200, { primaryMarket: { symbol: 'AAPLon' } }),
    ]
    for (const answer of answers) {
      server.handle = (_req, res) => answer(res)
      const error = await apiErrorOf(client.price('AAPLon'))
      expect(`${error.message} ${error.stack ?? ''}`).not.toContain(TEST_KEY)
    }
  })

  it('without a key, every call fails fast with key-missing and nothing is sent', async () => {
    const keyless = new ApiClient({ baseUrl: server.url, apiKey: null })
    const empty = new ApiClient({ baseUrl: server.url, apiKey: '' })
    try {
      const calls = [
        keyless.allMarket(),
        keyless.price('AAPLon'),
        keyless.allPrices(),
        keyless.limits(),
        empty.market('AAPLon'),
      ]
      for (const call of calls) expect((await apiErrorOf(call)).kind).toBe('key-missing')
      expect(server.requests).toHaveLength(0)
    } finally {
      await keyless.close()
      await empty.close()
    }
  })
})

describe('what the client says and frees', () => {
  it('scrubs the key from a message that alone echoes it, keeping the rest of the error', async () => {
    server.handle = (req, res) =>
      sendJson(res, 401, {
        code: 'INVALID_API_KEY',
        message: `Key ${String(req.headers['x-api-key'])} is not valid`,
        documentation: 'https://docs.example/errors#INVALID_API_KEY',
      })
    const error = await apiErrorOf(client.price('AAPLon'))
    expect(error.message).not.toContain(TEST_KEY)
    expect(error.message).toContain('Key [key] is not valid')
    expect(error).toMatchObject({
      kind: 'key-rejected',
      status: 401,
      code: 'INVALID_API_KEY',
      serviceMessage: 'Key [key] is not valid',
      documentation: 'https://docs.example/errors#INVALID_API_KEY',
      retryAfterMs: null,
    })
  })

  it('scrubs the key from a redirect to a host named after it, an error without a code', async () => {
    server.handle = (req, res) => {
      res.writeHead(302, { location: `https://${String(req.headers['x-api-key'])}.example/v1` })
      res.end()
    }
    const error = await apiErrorOf(client.price('AAPLon'))
    expect(error.message).toBe(
      'The service answered with a redirect to https://[key].example (302); ' +
        'not followed so the key is not sent elsewhere.',
    )
    expect(error).toMatchObject({
      kind: 'invalid-response',
      status: 302,
      code: null,
      serviceMessage: null,
      documentation: null,
    })
  })

  it('says what to do without a key', async () => {
    const keyless = new ApiClient({ baseUrl: server.url, apiKey: null })
    try {
      expect((await apiErrorOf(keyless.price('AAPLon'))).message).toBe(
        'No API key is set: add one to fetch live data (demo mode needs none).',
      )
    } finally {
      await keyless.close()
    }
  })

  it('names a non-JSON answer that has no content type', async () => {
    server.handle = (_req, res) => {
      res.writeHead(200)
      res.end('<html>')
    }
    expect((await apiErrorOf(client.price('AAPLon'))).message).toContain('not JSON (no content type)')
  })

  it(
    'frees the connection of each redirect or oversized answer it ' + 'does not read, so polling goes on',
    async () => {
      // More unread answers than the pool has connections: one left unread would keep its socket.
      const small = new ApiClient({
        baseUrl: server.url,
        apiKey: TEST_KEY,
        timeoutMs: 2_000,
        maxBodyBytes: 10,
      })
      try {
        const body = 'x'.repeat(4 * 1024 * 1024) // more than undici buffers unread: the socket waits
        for (let i = 0; i < 10; i++) {
          server.handle = (_req, res) => {
            res.writeHead(i % 2 ? 302 : 200, { location: '/elsewhere', 'content-length': body.length })
            res.end(body)
          }
          expect((await apiErrorOf(small.price('AAPLon'))).kind).toBe('invalid-response')
        }
        server.handle = (_req, res) => sendJson(res, 200, priceRecord('AAPLon'))
        await expect(small.price('AAPLon')).rejects.toThrow(/larger than 10 bytes/) // answered, not stuck
      } finally {
        await small.close()
      }
    },
  )
})
