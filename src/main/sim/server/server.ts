import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { checkSymbol } from '../../../shared/symbols'
import { HTML_ERROR_PAGE, truncateJson, withBadRecords, withSecondsTimestamps } from './fault-bodies'
import { type FaultDecision, type FaultEndpoint, type FaultKind, type FaultPlan, FaultPicker } from './faults'
import { SimMarket, isPriceSort } from '../market/market'
import { BEYOND_SPEC_ENDPOINTS, type RouteMatch, type SimEndpoint, isRouteError, matchRoute } from './routes'
import { DEFAULT_READINGS, type ServiceReadings } from '../market/service-bodies'
import { type SimGrpcOptions, type SimGrpcServer, startSimGrpcServer } from './grpc-server'
import type { StreamFaultPlan } from './stream-faults'
import { WALLET_ENDPOINTS, answerWalletRoute } from './wallet-routes'
import { SimWalletHoldings } from '../market/wallet-holdings'
import {
  CATALOGUE_PAIRS,
  type CandlePair,
  DESCRIBED_PAIRS,
  isCandleInterval,
  isCandleRange,
} from '../../core/api/wire/candle-pairs'

/**
 * The simulated market-data API over node:http: the five endpoints of spec part 4, the error
 * codes of real-service-notes.md, and fault injection. One server serves demo mode, the tests,
 * the chaos runs and the benchmarks.
 *
 * A request goes: gateway (403 without a key, on any path, as the real AWS gateway answers) ->
 * route (404) -> method (405) -> key (401 INVALID_API_KEY) -> parameters (400, MISSING_SYMBOL for
 * an empty one) -> listed (404) -> fault decision -> answer. Faults only touch requests that
 * would have succeeded.
 */

export type { SimEndpoint } from './routes'

export interface SimServerOptions {
  apiKey: string
  /** Default 0: any free port. */
  port?: number
  /** Only loopback. */
  host?: '127.0.0.1'
  /** Default 400 (the real service lists about 400); at most 10,000. */
  assets?: number
  /** Default 1. */
  seed?: number
  /** Default Date.now. */
  clock?: () => number
  faults?: FaultPlan
  /**
   * How the endpoints beyond the spec read (both documented forms of off-hours and closure, a market pause).
   */
  readings?: Partial<ServiceReadings>
  /** Serve only the spec's five endpoints: the others answer a plain 404, as such a service does. */
  specOnly?: boolean
  /**
   * Called with every body the server sends successfully (endpoint name, the object before
   * serialisation) so chaos tests can check that every value the app shows was really sent.
   * Bodies broken by the badRecords and secondsTimestamps faults are included, as sent; error
   * answers, truncated JSON and HTML pages are not bodies and are not reported. Must not mutate it.
   */
  onSend?: (endpoint: SimEndpoint, body: unknown) => void
  /** Serve the gRPC streams too (default: unless specOnly, which has no gRPC at all). */
  grpc?: boolean
  /** How often each stream looks for changes, ms of real time (grpc-server.ts). */
  grpcFrameMs?: number
  streamFaults?: StreamFaultPlan
  /** Each price frame the gRPC streams write, as it is written (grpc-server.ts). */
  onPriceFrame?: SimGrpcOptions['onPriceFrame']
  /**
   * The demo hot wallet trades NVDAon on BNB Chain every other hour of a regular session, in the
   * market's time (market/hourly-trades.ts). Default off: a test's wallets keep fixed balances.
   */
  walletTrades?: boolean
}

/** How each request ended: a plain answer, a rejected request (4xx), or the fault it was given. */
export type SimOutcome = 'ok' | 'clientError' | FaultKind

export interface SimStats {
  total: number
  /** Requests that named one of the five endpoints (whatever came of them), and the rest. */
  byEndpoint: Record<SimEndpoint | 'unrouted', number>
  byOutcome: Record<SimOutcome, number>
}

export interface SimServer {
  /** 'http://127.0.0.1:PORT' */
  url: string
  port: number
  market: SimMarket
  /** The demo wallets' balances and the tokens' addresses behind the wallet endpoints (issue 48). */
  wallets: SimWalletHoldings
  /** The gRPC streams' '127.0.0.1:PORT' (plaintext), or null when the simulator serves none. */
  grpcAddress: string | null
  /** The gRPC service, or null when the simulator serves none. */
  grpc: SimGrpcServer | null
  setFaults(plan: FaultPlan): void
  /** Changes how the endpoints beyond the spec read, from the next request on. */
  setReadings(readings: Partial<ServiceReadings>): void
  /** Switches the endpoints beyond the spec off (404) or on again. */
  setSpecOnly(specOnly: boolean): void
  stats(): SimStats
  /** Stops listening and ends every open connection, hung requests included. */
  close(): Promise<void>
}

const FAULT_GROUP: Record<SimEndpoint, FaultEndpoint> = {
  market: 'market',
  allMarket: 'market',
  price: 'prices',
  allPrices: 'prices',
  limits: 'limits',
  marketStatus: 'status',
  assetPauses: 'status',
  tradingCapacity: 'status',
  dividends: 'status',
  candles: 'history',
  multiplierHistory: 'history',
  tokenAddresses: 'status',
  walletBalances: 'status',
}

/** The capacity refusals the service documents as a 403 as well as a 200 with a reason. */
const FORBIDDEN_FORM_CODES = new Set(['MARKET_CLOSED', 'ASSET_PAUSED'])

/** Where an error body's `documentation` points; `.invalid` can never resolve to a real host. */
const DOCUMENTATION_URL = 'https://docs.simulator.invalid/errors'
const JSON_TYPE = 'application/json; charset=utf-8'

interface ErrorReply {
  status: number
  code: string
  message: string
  headers?: Record<string, string>
}

function emptyStats(): SimStats {
  return {
    total: 0,
    byEndpoint: {
      market: 0,
      allMarket: 0,
      price: 0,
      allPrices: 0,
      limits: 0,
      marketStatus: 0,
      assetPauses: 0,
      tradingCapacity: 0,
      dividends: 0,
      candles: 0,
      multiplierHistory: 0,
      tokenAddresses: 0,
      walletBalances: 0,
      unrouted: 0,
    },
    byOutcome: {
      ok: 0,
      clientError: 0,
      reset: 0,
      hang: 0,
      plainText403: 0,
      rateLimit: 0,
      serverError: 0,
      truncatedJson: 0,
      invalidJson: 0,
      badRecords: 0,
      secondsTimestamps: 0,
    },
  }
}

function send(
  res: ServerResponse,
  status: number,
  type: string,
  body: string | Buffer,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(body), ...headers })
  res.end(body)
}

/** What the real gateway sends a request without a key. */
const GATEWAY_FORBIDDEN = JSON.stringify({ message: 'Forbidden' })

function sendError(res: ServerResponse, reply: ErrorReply): void {
  const body = JSON.stringify({
    code: reply.code,
    message: reply.message,
    documentation: `${DOCUMENTATION_URL}#${reply.code}`,
  })
  send(res, reply.status, JSON_TYPE, body, reply.headers)
}

function checkOptions(options: SimServerOptions): void {
  if (typeof options.apiKey !== 'string' || options.apiKey === '')
    throw new TypeError('apiKey must be a non-empty string')
  if (options.host !== undefined && options.host !== '127.0.0.1')
    throw new TypeError('host must be 127.0.0.1')
  const port = options.port ?? 0
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new RangeError(`port must be 0..65535, got ${port}`)
}

/** How long the simulator keeps an idle connection open (see startSimServer). */
export const SIM_KEEP_ALIVE_MS = 65_000

export async function startSimServer(options: SimServerOptions): Promise<SimServer> {
  checkOptions(options)
  const seed = options.seed ?? 1
  const market = new SimMarket({ assets: options.assets ?? 400, seed, clock: options.clock ?? Date.now })
  const faults = new FaultPicker(seed, options.faults)
  const wallets = new SimWalletHoldings(
    market.symbols(),
    undefined,
    options.walletTrades ? { marketClock: () => market.now() } : {},
  )
  const handler = new RequestHandler(options, market, faults, wallets)
  const server = createServer((req, res) => handler.handle(req, res))
  // Node's default keeps an idle connection 5 s, no longer than the default prices cadence: every
  // poll would open its connections afresh (and in demo mode on the app's main thread). A service
  // behind a load balancer keeps them a minute or more; the real one's timeout is not recorded.
  server.keepAliveTimeout = SIM_KEEP_ALIVE_MS
  await listen(server, options.port ?? 0)
  const port = (server.address() as AddressInfo).port
  const grpc =
    (options.grpc ?? !options.specOnly)
      ? await startSimGrpcServer({
          market,
          apiKey: options.apiKey,
          frameMs: options.grpcFrameMs,
          faults: options.streamFaults,
          onPriceFrame: options.onPriceFrame,
        })
      : null
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    market,
    wallets,
    grpcAddress: grpc?.address ?? null,
    grpc,
    setFaults: (plan) => faults.setPlan(plan),
    setReadings: (readings) => handler.setReadings(readings),
    setSpecOnly: (specOnly) => {
      handler.specOnly = specOnly
      // A service with only the spec's endpoints has no streams: its gRPC methods are unimplemented.
      grpc?.setUnimplemented(specOnly)
    },
    stats: () => structuredClone(handler.stats),
    close: async () => {
      await grpc?.close()
      handler.cancelTimers()
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
    },
  }
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
}

type Answer = { ok: true; endpoint: SimEndpoint; body: unknown } | { ok: false; reply: ErrorReply }

const refusal = (
  status: number,
  code: string,
  message: string,
  headers?: Record<string, string>,
): Answer => ({
  ok: false,
  reply: { status, code, message, headers },
})

class RequestHandler {
  readonly stats = emptyStats()
  /** Latency and hang timers, cleared on close so nothing fires after it. */
  private readonly timers = new Set<NodeJS.Timeout>()
  /**
   * Bodies as sent, UTF-8 encoded: the market hands out the same object for a whole step, so a
   * 50 MB answer of 10,000 assets is stringified and encoded once per step, not once per request.
   */
  private readonly serialised = new WeakMap<object, Buffer>()
  private readings: ServiceReadings
  specOnly: boolean

  constructor(
    private readonly options: SimServerOptions,
    private readonly market: SimMarket,
    private readonly faults: FaultPicker,
    private readonly wallets: SimWalletHoldings,
  ) {
    this.readings = { ...DEFAULT_READINGS, ...options.readings }
    this.specOnly = options.specOnly ?? false
  }

  setReadings(readings: Partial<ServiceReadings>): void {
    this.readings = { ...this.readings, ...readings }
  }

  handle(req: IncomingMessage, res: ServerResponse): void {
    // A client that goes away mid-answer is normal here (chaos runs do it on purpose).
    req.on('error', () => {})
    res.on('error', () => {})
    req.resume()
    this.stats.total++
    this.guarded(res, () => this.answer(req, res))
  }

  /** A bug in the simulator answers 500 and is logged; it never takes the server down. */
  private guarded(res: ServerResponse, action: () => void): void {
    try {
      action()
    } catch (error) {
      console.error('sim: internal error', error)
      this.stats.byOutcome.serverError++
      if (!res.headersSent) sendError(res, { status: 500, code: 'INTERNAL_ERROR', message: 'Internal error' })
      else res.destroy()
    }
  }

  cancelTimers(): void {
    for (const timer of this.timers) clearTimeout(timer)
    this.timers.clear()
  }

  private answer(req: IncomingMessage, res: ServerResponse): void {
    const key = req.headers['x-api-key']
    if (key === undefined || key === '') {
      // The gateway in front of the real service answers before routing: every path, real or
      // not, gets this bare body, with no `code` (real-service-notes.md, "Errors").
      this.stats.byEndpoint.unrouted++
      this.stats.byOutcome.clientError++
      return send(res, 403, JSON_TYPE, GATEWAY_FORBIDDEN)
    }
    const route = matchRoute(req.url ?? '')
    if (isRouteError(route)) {
      this.stats.byEndpoint.unrouted++
      return this.reject(res, route)
    }
    this.stats.byEndpoint[route.endpoint]++
    if (
      this.specOnly &&
      (BEYOND_SPEC_ENDPOINTS.has(route.endpoint) || WALLET_ENDPOINTS.has(route.endpoint))
    ) {
      // A service that implements only the spec has no such route: its bare 404, with no `code`.
      this.stats.byOutcome.clientError++
      return send(res, 404, 'text/plain; charset=utf-8', 'Not Found')
    }
    const answer = this.resolve(req, route)
    if (!answer.ok) return this.reject(res, answer.reply)
    const decision = this.faults.decide(FAULT_GROUP[answer.endpoint])
    this.stats.byOutcome[decision.fault ?? 'ok']++
    this.after(decision.latencyMs, res, () => this.deliver(req, res, answer.endpoint, answer.body, decision))
  }

  private reject(res: ServerResponse, reply: ErrorReply): void {
    this.stats.byOutcome.clientError++
    sendError(res, reply)
  }

  /** Everything a request can be refused for, in the order a client would want to hear it. */
  private resolve(req: IncomingMessage, route: RouteMatch): Answer {
    if (req.method !== 'GET') {
      return refusal(405, 'METHOD_NOT_ALLOWED', `${req.method ?? 'This method'} is not allowed; use GET`, {
        Allow: 'GET',
      })
    }
    if (req.headers['x-api-key'] !== this.options.apiKey)
      return refusal(401, 'INVALID_API_KEY', 'The API key is not valid')

    if (route.endpoint === 'allMarket')
      return { ok: true, endpoint: route.endpoint, body: this.market.allMarket() }
    if (route.endpoint === 'allPrices') {
      if (route.sort === null) return { ok: true, endpoint: route.endpoint, body: this.market.allPrices() }
      if (!isPriceSort(route.sort)) return refusal(400, 'INVALID_SORT', 'sort must be asc or desc')
      return { ok: true, endpoint: route.endpoint, body: this.market.allPrices(route.sort) }
    }
    if (route.endpoint === 'marketStatus')
      return { ok: true, endpoint: route.endpoint, body: this.market.marketStatus(this.readings) }
    if (route.endpoint === 'assetPauses')
      return { ok: true, endpoint: route.endpoint, body: this.market.assetPauses() }
    if (route.endpoint === 'tradingCapacity') return this.tradingCapacity(route)
    if (route.endpoint === 'tokenAddresses' || route.endpoint === 'walletBalances') {
      const wallet = answerWalletRoute(this.wallets, route, (symbol) => this.market.has(symbol))
      return wallet.ok
        ? { ok: true, endpoint: route.endpoint, body: wallet.body }
        : refusal(wallet.status, wallet.code, wallet.message)
    }
    if (route.endpoint === 'candles') return this.candles(route)
    if (route.endpoint === 'multiplierHistory') return this.multiplierHistory(route)
    if (route.symbol === null) return { ok: true, endpoint: route.endpoint, body: this.market.limits() }
    if (route.symbol === '') return refusal(400, 'MISSING_SYMBOL', 'A symbol is required')

    const check = checkSymbol(route.symbol)
    if (!check.ok) return refusal(400, 'INVALID_SYMBOL', `Invalid symbol: ${check.reason}`)
    const body =
      route.endpoint === 'market'
        ? this.market.marketRecord(check.symbol)
        : route.endpoint === 'price'
          ? this.market.priceRecord(check.symbol)
          : route.endpoint === 'dividends'
            ? this.market.dividends(check.symbol)
            : this.market.limits(check.symbol)
    if (body === undefined) return refusal(404, 'ASSET_NOT_FOUND', `No asset with symbol ${check.symbol}`)
    return { ok: true, endpoint: route.endpoint, body }
  }

  /** `/v1/limits/trading`: both parameters required; a closed market as a 200 or a 403 (readings). */
  private tradingCapacity(route: Extract<RouteMatch, { endpoint: 'tradingCapacity' }>): Answer {
    if (!route.symbol) return refusal(400, 'MISSING_SYMBOL', 'A symbol is required')
    if (!route.side) return refusal(400, 'MISSING_SIDE', 'A side is required: buy or sell')
    if (route.side !== 'buy' && route.side !== 'sell')
      return refusal(400, 'INVALID_SIDE', 'side must be buy or sell')
    const check = checkSymbol(route.symbol)
    if (!check.ok) return refusal(400, 'INVALID_SYMBOL', `Invalid symbol: ${check.reason}`)
    const capacity = this.market.tradingCapacity(check.symbol, route.side, this.readings)
    if (!capacity) return refusal(404, 'ASSET_NOT_FOUND', `No asset with symbol ${check.symbol}`)
    const closed = capacity.refusal
    if (closed && this.readings.closedMarketForm === 'forbidden' && FORBIDDEN_FORM_CODES.has(closed.code))
      return refusal(403, closed.code, closed.message)
    return { ok: true, endpoint: 'tradingCapacity', body: capacity.body }
  }

  /** `/v1/assets/{symbol}/prices/ohlc`: both parameters required, the pair one the readings accept. */
  private candles(route: Extract<RouteMatch, { endpoint: 'candles' }>): Answer {
    const { interval, range } = route
    if (interval === null || !isCandleInterval(interval))
      return refusal(
        400,
        'INVALID_INTERVAL',
        'interval must be one of 1min 5min 15min 1hour 4hour 12hour 1day',
      )
    if (range === null || !isCandleRange(range))
      return refusal(400, 'INVALID_RANGE', 'range must be one of 1day 1month 3month 6month 1year all')
    const pairs = this.readings.candlePairs === 'catalogue' ? CATALOGUE_PAIRS : DESCRIBED_PAIRS
    if (!pairs.has(`${interval}/${range}` as CandlePair))
      return refusal(400, 'INVALID_INTERVAL_RANGE_PAIR', `Valid pairs: ${[...pairs].join(', ')}`)
    return this.forSymbol(route.symbol, 'candles', (symbol) => this.market.candles(symbol, interval, range))
  }

  /** `/v1/assets/{symbol}/shares-multiplier`: the range required. */
  private multiplierHistory(route: Extract<RouteMatch, { endpoint: 'multiplierHistory' }>): Answer {
    const range = route.range
    if (range === null || !isCandleRange(range))
      return refusal(400, 'INVALID_RANGE', 'range must be one of 1day 1month 3month 6month 1year all')
    return this.forSymbol(route.symbol, 'multiplierHistory', (symbol) =>
      this.market.multiplierHistory(symbol, range),
    )
  }

  /** The body about one checked, listed symbol, or the refusal a bad or unknown one gets. */
  private forSymbol(raw: string, endpoint: SimEndpoint, body: (symbol: string) => unknown): Answer {
    if (raw === '') return refusal(400, 'MISSING_SYMBOL', 'A symbol is required')
    const check = checkSymbol(raw)
    if (!check.ok) return refusal(400, 'INVALID_SYMBOL', `Invalid symbol: ${check.reason}`)
    const answer = body(check.symbol)
    if (answer === undefined) return refusal(404, 'ASSET_NOT_FOUND', `No asset with symbol ${check.symbol}`)
    return { ok: true, endpoint, body: answer }
  }

  private after(ms: number, res: ServerResponse, action: () => void): void {
    if (ms <= 0) return action()
    const timer = setTimeout(() => {
      this.timers.delete(timer)
      this.guarded(res, action)
    }, ms)
    this.timers.add(timer)
  }

  private deliver(
    req: IncomingMessage,
    res: ServerResponse,
    endpoint: SimEndpoint,
    body: unknown,
    decision: FaultDecision,
  ): void {
    switch (decision.fault) {
      case 'reset':
        req.socket.destroy()
        return
      case 'hang':
        // Never answered; the connection ends with hangMs or with close().
        if (decision.hangMs !== null) this.after(decision.hangMs, res, () => req.socket.destroy())
        return
      case 'plainText403':
        return send(res, 403, 'text/plain; charset=utf-8', 'Forbidden')
      case 'rateLimit':
        return sendError(res, {
          status: 429,
          code: 'RATE_LIMITED',
          message: 'Too many requests; retry with exponential backoff',
          headers: { 'Retry-After': String(decision.retryAfterSeconds) },
        })
      case 'serverError':
        return sendError(res, { status: 500, code: 'INTERNAL_ERROR', message: 'Internal server error' })
      case 'truncatedJson':
        return send(res, 200, JSON_TYPE, truncateJson(this.serialise(body)))
      case 'invalidJson':
        return send(res, 200, 'text/html; charset=utf-8', HTML_ERROR_PAGE)
      case 'badRecords':
        return this.sendBody(res, endpoint, withBadRecords(endpoint, body, this.faults.random))
      case 'secondsTimestamps':
        return this.sendBody(res, endpoint, withSecondsTimestamps(body))
      case null:
        return this.sendBody(res, endpoint, body)
    }
  }

  private sendBody(res: ServerResponse, endpoint: SimEndpoint, body: unknown): void {
    this.options.onSend?.(endpoint, body)
    send(res, 200, JSON_TYPE, this.serialise(body))
  }

  private serialise(body: unknown): Buffer {
    if (typeof body !== 'object' || body === null) return Buffer.from(JSON.stringify(body))
    let bytes = this.serialised.get(body)
    if (bytes === undefined) {
      bytes = Buffer.from(JSON.stringify(body))
      this.serialised.set(body, bytes)
    }
    return bytes
  }
}
