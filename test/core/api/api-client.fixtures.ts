import {
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
  createServer,
} from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach } from 'vitest'
import { ApiClient, type ApiClientOptions } from '../../../src/main/core/api/api-client'
import { ApiError } from '../../../src/main/core/api/api-errors'

/**
 * Small purpose-built loopback servers for the API client tests: each records every request it
 * receives (method, URL, headers) and answers with whatever handler the test sets.
 */

export interface RecordedRequest {
  method: string
  url: string
  headers: IncomingHttpHeaders
}

export type Handler = (req: IncomingMessage, res: ServerResponse) => void

export interface LoopbackServer {
  url: string
  port: number
  requests: RecordedRequest[]
  /** The answer to every request until changed. */
  handle: Handler
  close(): Promise<void>
}

export const TEST_KEY = 'tw-test-key-6f1d9c0a7b2e4d3c'

export async function startLoopbackServer(
  handle: Handler = (_req, res) => sendJson(res, 200, {}),
): Promise<LoopbackServer> {
  const requests: RecordedRequest[] = []
  const server: Server = createServer((req, res) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers })
    loopback.handle(req, res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const loopback: LoopbackServer = {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    handle,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
  return loopback
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body)
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  })
  res.end(text)
}

export function sendText(
  res: ServerResponse,
  status: number,
  text: string,
  contentType = 'text/plain',
): void {
  res.writeHead(status, { 'content-type': contentType, 'content-length': Buffer.byteLength(text) })
  res.end(text)
}

/** A time in ms the records are stamped with: 2025-09-15T14:00:00Z, inside a regular session. */
export const STAMP_MS = 1_757_944_800_000

export function priceRecord(symbol: string, price = '231.4500', timestamp = STAMP_MS) {
  return {
    primaryMarket: { symbol, price },
    underlyingMarket: { ticker: symbol.slice(0, -2), price: '231.2100' },
    timestamp,
  }
}

export function marketRecord(symbol: string, timestamp = STAMP_MS) {
  return {
    primaryMarket: {
      symbol,
      price: '231.4500',
      priceChange24h: '2.1300',
      priceChangePct24h: '0.928834610202337391',
      priceHistory24h: [
        { timestamp: timestamp - 900_000, price: '231.0000' },
        { timestamp, price: '231.4500' },
      ],
      totalHolders: 1234,
      sharesMultiplier: '1.001084338309087472',
      tradableSessions: ['premarket', 'regular', 'postmarket', 'overnight'],
    },
    underlyingMarket: {
      ticker: symbol.slice(0, -2),
      name: `${symbol.slice(0, -2)} Inc.`,
      price: '231.2100',
      priceHigh52w: '260.1000',
      priceLow52w: '164.0800',
      volume: '41234567',
      averageVolume: '52345678',
      sharesOutstanding: '14840390000',
      marketCap: '3431231231231.00',
    },
    timestamp,
  }
}

const sessionLimit = (tradable: boolean, notional: string) => ({
  tradable,
  maxAttestationCount: '500',
  maxActiveNotionalValue: notional,
})

export function symbolLimits(symbol: string) {
  return {
    symbol,
    premarket: sessionLimit(true, '10000'),
    regular: sessionLimit(true, '200000'),
    postmarket: sessionLimit(true, '200000'),
    overnight: sessionLimit(false, '200000'),
  }
}

export function limitsEnvelope(symbols: string[], timestamp = STAMP_MS) {
  return { limits: symbols.map(symbolLimits), timestamp }
}

/** The ApiError a call rejects with; fails the test if it resolves or rejects with something else. */
export async function apiErrorOf(call: Promise<unknown>): Promise<ApiError> {
  const outcome = await call.then(
    (value) => ({ resolved: value }),
    (error: unknown) => ({ error }),
  )
  if ('resolved' in outcome)
    throw new Error(`expected an ApiError, the call resolved with ${JSON.stringify(outcome.resolved)}`)
  if (!(outcome.error instanceof ApiError)) throw outcome.error
  return outcome.error
}

export type EndpointName = 'prices' | 'market' | 'limits'

/**
 * A small stand-in for the whole service: lists `listed`, answers every endpoint as the real one
 * does (404 ASSET_NOT_FOUND for a symbol it does not list), unless `override` answers an endpoint.
 */
export interface FakeService extends LoopbackServer {
  listed: string[]
  override: Partial<Record<EndpointName, (res: ServerResponse) => void>>
  /** Back to the default listing, no overrides, no recorded requests. */
  reset(): void
}

export const FAKE_LISTING = ['AAPLon', 'TSLAon', 'NVDAon', 'SPYon']

function endpointOf(pathname: string): EndpointName {
  if (pathname.startsWith('/v1/limits')) return 'limits'
  return pathname.endsWith('/market') ? 'market' : 'prices'
}

export async function startFakeService(): Promise<FakeService> {
  const server = await startLoopbackServer((req, res) => {
    const url = new URL(req.url ?? '/', fake.url)
    const endpoint = endpointOf(url.pathname)
    const special = fake.override[endpoint]
    if (special) return special(res)
    const symbol =
      endpoint === 'limits' ? url.searchParams.get('symbol') : (url.pathname.split('/')[3] ?? null)
    const all = symbol === null || symbol === 'all'
    if (!all && !fake.listed.includes(symbol))
      return sendJson(res, 404, { code: 'ASSET_NOT_FOUND', message: 'Asset not found' })
    const symbols = all ? fake.listed : [symbol]
    if (endpoint === 'limits') return sendJson(res, 200, [limitsEnvelope(symbols)])
    const make = endpoint === 'market' ? marketRecord : priceRecord
    sendJson(res, 200, all ? symbols.map((s) => make(s)) : make(symbols[0] as string))
  })
  const fake: FakeService = Object.assign(server, {
    listed: [...FAKE_LISTING],
    override: {},
    reset() {
      fake.requests.length = 0
      fake.listed = [...FAKE_LISTING]
      fake.override = {}
    },
  })
  return fake
}

/**
 * The usual setup of a client test file: one loopback server and one client for it, both closed
 * after the file, the request log cleared before each test. Fields are set once beforeAll has run.
 */
export function useLoopbackClient(options: Partial<ApiClientOptions> = {}): {
  server: LoopbackServer
  client: ApiClient
} {
  const context = {} as { server: LoopbackServer; client: ApiClient }
  beforeAll(async () => {
    context.server = await startLoopbackServer()
    context.client = new ApiClient({
      baseUrl: context.server.url,
      apiKey: TEST_KEY,
      timeoutMs: 2_000,
      ...options,
    })
  })
  afterAll(async () => {
    await context.client.close()
    await context.server.close()
  })
  beforeEach(() => {
    context.server.requests.length = 0
  })
  return context
}
