import { Agent, type Dispatcher } from 'undici'
import { checkBaseUrl } from '../../../shared/settings'
import { checkSymbol } from '../../../shared/symbols'
import type { WireMarketRecord, WirePriceRecord } from './wire/wire'
import {
  type LimitsWithTime,
  type OnlySymbols,
  type ParsedRecords,
  type RejectedRecord,
  ResponseShapeError,
  parseAllMarketRecords,
  parseAllMarketResponse,
  parseAllPricesResponse,
  parseLimitsResponse,
  parseMarketResponse,
  parsePriceResponse,
} from './wire/wire-parse'
import {
  ApiConfigError,
  ApiError,
  apiErrorFromResponse,
  apiErrorFromTransport,
  invalidResponse,
  redirectError,
  sanitizeServiceText,
  timeoutError,
} from './api-errors'
import { releaseBody } from './answer-body'
import { type BoundedAnswer, boundedGet } from './bounded-get'
import { keepDated } from './wire/record-dates'
import { parseJsonWithoutKey, scrubKey } from './key-scrub'
import { readListedElements } from './wire/listed-elements'
import { type OptionalAnswer, type OptionalEndpoint, OptionalEndpoints } from './optional-endpoints'
import type { CapacityReading } from '../../../shared/service-status'
import { capacityReading, capacityUnavailable } from './wire/status-readings'
import type { CandleInterval, CandleRange } from './wire/candle-pairs'
import {
  type CandlesAnswer,
  type MultiplierAnswer,
  parseCandlesResponse,
  parseMultiplierHistoryResponse,
} from './wire/wire-history'
import type { ListedAsset } from '../../../shared/domain'
import type { TradeSide } from '../../../shared/holdings'
import type { WireAssetPause, WireDividends, WireMarketStatus } from './wire/wire-status'
import {
  parseAssetPausesResponse,
  parseDividendsResponse,
  parseMarketStatusResponse,
  parseTradingCapacityResponse,
} from './wire/wire-status-parse'

/**
 * The market-data API client (spec part 4). One method per endpoint; each call either resolves
 * with validated records or rejects with an ApiError of a known kind (api-errors.ts).
 *
 * The key is guarded: it is sent only in `x-api-key`, only to the configured origin (every URL is
 * built from the base URL and checked before sending), never over a redirect (a dispatcher follows
 * none without a redirect interceptor, and a 3xx is an error), never in a message.
 */

export interface ApiClientOptions {
  /** Checked with checkBaseUrl: https anywhere, http only to loopback. */
  baseUrl: string
  /** null: every call fails fast with kind 'key-missing' and no request is made. */
  apiKey: string | null
  /** Whole-request deadline (connect + headers + body), default 10 s. */
  timeoutMs?: number
  connectTimeoutMs?: number
  /** Default 64 MiB: 10,000 assets x 96 history points of market data is about 55 MB. */
  maxBodyBytes?: number
  /** For tests; by default each client has its own keep-alive Agent. */
  dispatcher?: Dispatcher
  /** Clock for receivedAt and Retry-After dates; Date.now by default. */
  now?: () => number
  /**
   * What the requests say they come from: `tokenwatch/<version>`, given by the app or the CLI,
   * which know their version; `tokenwatch` by default.
   */
  userAgent?: string
}

export interface FetchResult<T> {
  records: T[]
  rejected: RejectedRecord[]
  receivedAt: number
  bytes: number
}

export const API_CLIENT_DEFAULTS = {
  timeoutMs: 10_000,
  connectTimeoutMs: 5_000,
  maxBodyBytes: 64 * 1024 * 1024,
} as const

/**
 * The asset pauses are asked every minute: 1 MiB is thousands of pauses (MAX_ASSET_PAUSES), and
 * reading and parsing it costs the main thread milliseconds, not the seconds a huge answer would.
 */
export const MAX_ASSET_PAUSES_BYTES = 1024 * 1024
/** Error bodies are small; beyond this we keep what we read and drop the connection. */
const MAX_ERROR_BODY_BYTES = 16 * 1024
/** Enough parallel connections for the per-symbol fan-out (fetch-snapshot.ts runs 6 at a time). */
const CONNECTIONS_PER_ORIGIN = 8
/** A key is visible ASCII: anything else cannot go in a header and is a paste mistake. */
const KEY_PATTERN = /^[\x21-\x7e]{1,512}$/

type SortOrder = 'asc' | 'desc'

/** A JSON answer's bytes to its value, the key taken out (key-scrub.ts); throws where it is not JSON. */
type BodyReader = (body: Buffer, key: string | null) => unknown

const readWholeBody: BodyReader = (body, key) => parseJsonWithoutKey(body.toString('utf8'), key)

interface JsonResponse {
  body: unknown
  receivedAt: number
  bytes: number
}

function positive(value: number | undefined, fallback: number, what: string): number {
  const result = value ?? fallback
  if (!Number.isFinite(result) || result <= 0) throw new ApiConfigError(`${what} must be a positive number.`)
  return result
}

/** A symbol is checked before any request, so nothing odd ever reaches a URL path. */
function requireSymbol(symbol: string): string {
  const checked = checkSymbol(symbol)
  if (!checked.ok)
    throw new ApiError({ kind: 'invalid-request', message: `Not a token symbol: ${checked.reason}.` })
  return checked.symbol
}

/** Endpoints 1 and 3 answer with one record: if it is bad, or about another asset, the call fails. */
function requireOneRecord<T extends { primaryMarket: { symbol: string } }>(
  result: FetchResult<T>,
  symbol: string,
): FetchResult<T> {
  const rejected = result.rejected[0]
  if (rejected)
    throw invalidResponse(
      `the record for ${symbol} is invalid (${sanitizeServiceText(rejected.reason)})`,
      200,
    )
  const answered = result.records[0]?.primaryMarket.symbol
  if (answered !== symbol)
    throw invalidResponse(
      `asked for ${symbol}, the answer is about ${sanitizeServiceText(String(answered))}`,
      200,
    )
  return result
}

/**
 * A 403 from the capacity endpoint with one of these codes is the service saying the market or
 * the asset is closed now: an answer about the market, never about the key.
 */
const MARKET_REFUSAL_CODES = new Set(['MARKET_CLOSED', 'MARKET_PAUSED', 'ASSET_PAUSED'])

/** The one record of a single-record answer; a rejected one fails the call. */
function theRecord<T>(result: FetchResult<T>, what: string): T {
  const rejected = result.rejected[0]
  const record = result.records[0]
  if (rejected || record === undefined)
    throw invalidResponse(
      `the ${what} answer is invalid (${sanitizeServiceText(rejected?.reason ?? 'no record')})`,
      200,
    )
  return record
}

export class ApiClient {
  readonly origin: string
  /** Which of the endpoints beyond the spec this service lacks (404), remembered for the session. */
  readonly optional = new OptionalEndpoints()
  private readonly baseUrl: string
  private readonly apiKey: string | null
  private readonly timeoutMs: number
  private readonly maxBodyBytes: number
  private readonly dispatcher: Dispatcher
  private readonly ownsDispatcher: boolean
  private readonly now: () => number
  private readonly userAgent: string

  constructor(options: ApiClientOptions) {
    const base = checkBaseUrl(options.baseUrl)
    if (!base.ok) throw new ApiConfigError(`The base URL is not usable: ${base.reason}.`)
    this.baseUrl = base.url
    this.origin = new URL(base.url).origin
    const key = options.apiKey === '' ? null : options.apiKey
    if (key !== null && !KEY_PATTERN.test(key))
      throw new ApiConfigError(
        'The API key contains spaces, line breaks or other characters a key cannot have; paste it again.',
      )
    this.apiKey = key
    this.timeoutMs = positive(options.timeoutMs, API_CLIENT_DEFAULTS.timeoutMs, 'timeoutMs')
    const connectTimeoutMs = positive(
      options.connectTimeoutMs,
      API_CLIENT_DEFAULTS.connectTimeoutMs,
      'connectTimeoutMs',
    )
    this.maxBodyBytes = positive(options.maxBodyBytes, API_CLIENT_DEFAULTS.maxBodyBytes, 'maxBodyBytes')
    this.now = options.now ?? Date.now
    this.userAgent = options.userAgent ?? 'tokenwatch'
    this.ownsDispatcher = options.dispatcher === undefined
    this.dispatcher =
      options.dispatcher ??
      new Agent({
        connect: { timeout: connectTimeoutMs },
        headersTimeout: this.timeoutMs,
        bodyTimeout: this.timeoutMs,
        keepAliveTimeout: 10_000,
        keepAliveMaxTimeout: 60_000,
        connections: CONNECTIONS_PER_ORIGIN,
      })
  }

  /** Endpoint 1. */
  async market(symbol: string, signal?: AbortSignal): Promise<FetchResult<WireMarketRecord>> {
    const checked = requireSymbol(symbol)
    const result = await this.call(
      `/v1/assets/${encodeURIComponent(checked)}/market`,
      parseMarketResponse,
      signal,
    )
    return requireOneRecord(result, checked)
  }

  /**
   * Endpoint 2: the records of the symbols in `only` (every record without it), and every listed
   * asset's symbol, ticker and name for the search.
   */
  allMarket(
    signal?: AbortSignal,
    only?: OnlySymbols,
  ): Promise<FetchResult<WireMarketRecord> & { listed: ListedAsset[] }> {
    return this.call(
      '/v1/assets/all/market',
      (body) => parseAllMarketResponse(body, only),
      signal,
      undefined,
      only === undefined ? readWholeBody : (body, key) => readListedElements(body, key, only, true),
    )
  }

  /**
   * Endpoint 2 for the records of the symbols in `only` alone: the answer's other elements are
   * passed over unread, no listing made (the search's listing is kept for minutes: LISTING_TTL_MS).
   */
  allMarketRecords(only: ReadonlySet<string>, signal?: AbortSignal): Promise<FetchResult<WireMarketRecord>> {
    return this.call(
      '/v1/assets/all/market',
      (body) => parseAllMarketRecords(body, only),
      signal,
      undefined,
      (body, key) => readListedElements(body, key, only, false),
    )
  }

  /** Every listed asset's symbol, ticker and name (endpoint 2, no record read whole): the search's. */
  async listedAssets(signal?: AbortSignal): Promise<ListedAsset[]> {
    return (await this.allMarket(signal, new Set())).listed
  }

  /** Endpoint 3. */
  async price(symbol: string, signal?: AbortSignal): Promise<FetchResult<WirePriceRecord>> {
    const checked = requireSymbol(symbol)
    const result = await this.call(
      `/v1/assets/${encodeURIComponent(checked)}/prices/latest`,
      parsePriceResponse,
      signal,
    )
    return requireOneRecord(result, checked)
  }

  /** Endpoint 4: the records of the symbols in `only`, every record without it. */
  async allPrices(
    sort?: SortOrder,
    signal?: AbortSignal,
    only?: OnlySymbols,
  ): Promise<FetchResult<WirePriceRecord>> {
    if (sort !== undefined && sort !== 'asc' && sort !== 'desc')
      throw new ApiError({ kind: 'invalid-request', message: 'The sort order must be "asc" or "desc".' })
    const query = sort === undefined ? '' : `?sort=${sort}`
    return this.call(
      `/v1/assets/all/prices/latest${query}`,
      (body) => parseAllPricesResponse(body, only),
      signal,
    )
  }

  /** Endpoint 5, for one symbol or (without one) for all, of which those in `only` are read. */
  async limits(
    symbol?: string,
    signal?: AbortSignal,
    only?: OnlySymbols,
  ): Promise<FetchResult<LimitsWithTime>> {
    const query = symbol === undefined ? '' : `?symbol=${encodeURIComponent(requireSymbol(symbol))}`
    return this.call(`/v1/limits/session${query}`, (body) => parseLimitsResponse(body, only), signal)
  }

  /** `/v1/status/market` (beyond the spec): the market's state as the service sees it. */
  marketStatus(signal?: AbortSignal): Promise<OptionalAnswer<WireMarketStatus>> {
    return this.optional.ask('marketStatus', async () =>
      theRecord(
        await this.call('/v1/status/market', (body) => parseMarketStatusResponse(body, this.now()), signal),
        'market status',
      ),
    )
  }

  /**
   * `/v1/status/assets` (beyond the spec): active and upcoming pauses of every asset, bad entries
   * reported. Asked every minute, so read no further than MAX_ASSET_PAUSES_BYTES.
   */
  assetPauses(signal?: AbortSignal): Promise<OptionalAnswer<FetchResult<WireAssetPause>>> {
    return this.optional.ask('assetPauses', () =>
      this.call('/v1/status/assets', parseAssetPausesResponse, signal, MAX_ASSET_PAUSES_BYTES),
    )
  }

  /**
   * `/v1/limits/trading` (beyond the spec): how much the key's owner can buy or sell now. A 403
   * MARKET_CLOSED / MARKET_PAUSED / ASSET_PAUSED is turned into the answer it is (trading closed,
   * the service's reason), so it can never reach anything that would mark the key rejected.
   */
  async tradingCapacity(symbol: string, side: TradeSide, signal?: AbortSignal): Promise<CapacityReading> {
    const checked = requireSymbol(symbol)
    if (side !== 'buy' && side !== 'sell')
      throw new ApiError({ kind: 'invalid-request', message: 'The side must be "buy" or "sell".' })
    const query = `?symbol=${encodeURIComponent(checked)}&side=${side}`
    const answer = await this.optional.ask('tradingCapacity', async () => {
      try {
        const result = await this.call(
          `/v1/limits/trading${query}`,
          (body) => parseTradingCapacityResponse(body, { symbol: checked, side }),
          signal,
        )
        return capacityReading(theRecord(result, 'trading capacity'))
      } catch (error) {
        if (!(
          error instanceof ApiError &&
          error.status === 403 &&
          MARKET_REFUSAL_CODES.has(error.code ?? '')
        ))
          throw error
        const refusal = { tradingOpen: false, reasonCode: error.code, reason: error.serviceMessage }
        return { ...capacityUnavailable(checked, side), available: true, ...refusal }
      }
    })
    return answer.available ? answer.value : capacityUnavailable(checked, side)
  }

  /** `/v1/assets/{symbol}/dividends` (beyond the spec). */
  dividends(symbol: string, signal?: AbortSignal): Promise<OptionalAnswer<WireDividends>> {
    const checked = requireSymbol(symbol)
    return this.optional.ask('dividends', async () =>
      theRecord(
        await this.call(
          `/v1/assets/${encodeURIComponent(checked)}/dividends`,
          parseDividendsResponse,
          signal,
        ),
        'dividends',
      ),
    )
  }

  /**
   * `/v1/assets/{symbol}/prices/ohlc` (beyond the spec): the token's and the stock's candles, bad
   * candles left out and reported. A 400 (a pair this service refuses) is thrown as it is, for the
   * caller to fall back.
   */
  candles(
    symbol: string,
    interval: CandleInterval,
    range: CandleRange,
    signal?: AbortSignal,
  ): Promise<OptionalAnswer<CandlesAnswer & { receivedAt: number; bytes: number }>> {
    const checked = requireSymbol(symbol)
    const path = `/v1/assets/${encodeURIComponent(checked)}/prices/ohlc?interval=${interval}&range=${range}`
    return this.optional.ask('candles', async () => {
      const response = await this.getJson(path, signal)
      const answer = this.parsed(() => parseCandlesResponse(response.body))
      if (answer.symbol !== checked)
        throw invalidResponse(
          `asked for ${checked}, the answer is about ${sanitizeServiceText(answer.symbol)}`,
          200,
        )
      const token = keepDated(answer.token, response.receivedAt, checked)
      const stock = keepDated(answer.stock, response.receivedAt, checked)
      return {
        ...answer,
        token: token.kept,
        stock: stock.kept,
        rejected: [...answer.rejected, ...token.rejected, ...stock.rejected],
        receivedAt: response.receivedAt,
        bytes: response.bytes,
      }
    })
  }

  /**
   * `/v1/assets/{symbol}/shares-multiplier` (beyond the spec): the changes oldest first, bad ones rejected.
   */
  multiplierHistory(
    symbol: string,
    range: CandleRange,
    signal?: AbortSignal,
  ): Promise<OptionalAnswer<MultiplierAnswer>> {
    const checked = requireSymbol(symbol)
    const path = `/v1/assets/${encodeURIComponent(checked)}/shares-multiplier?range=${range}`
    return this.optional.ask('multiplierHistory', async () => {
      const response = await this.getJson(path, signal)
      const answer = this.parsed(() => parseMultiplierHistoryResponse(response.body))
      const steps = keepDated(answer.steps, response.receivedAt, checked)
      return { steps: steps.kept, rejected: [...answer.rejected, ...steps.rejected] }
    })
  }

  /**
   * An endpoint beyond the spec read by a room of its own (the wallets' token addresses and
   * balances): its JSON body, key scrubbed, at most `maxBodyBytes`; the room parses it. A 404
   * that says the endpoint is missing is remembered as for every optional endpoint.
   */
  async optionalJson(
    endpoint: OptionalEndpoint,
    pathAndQuery: string,
    maxBodyBytes: number,
    signal?: AbortSignal,
  ): Promise<OptionalAnswer<{ body: unknown; receivedAt: number; bytes: number }>> {
    return this.optional.ask(endpoint, () => this.getJson(pathAndQuery, signal, maxBodyBytes))
  }

  /**
   * Ends the client's own connections at once (an injected dispatcher belongs to its owner). Not
   * a graceful close: that would wait for a connection attempt still under way, up to its connect
   * timeout, and every caller has aborted or given up its calls by then.
   */
  async close(): Promise<void> {
    if (this.ownsDispatcher) await this.dispatcher.destroy()
  }

  private async call<Parsed extends ParsedRecords<unknown>>(
    pathAndQuery: string,
    parse: (body: unknown) => Parsed,
    signal: AbortSignal | undefined,
    maxBodyBytes = this.maxBodyBytes,
    read: BodyReader = readWholeBody,
  ): Promise<Parsed & Pick<FetchResult<unknown>, 'receivedAt' | 'bytes'>> {
    const response = await this.getJson(pathAndQuery, signal, maxBodyBytes, read)
    return {
      ...this.parsed(() => parse(response.body)),
      receivedAt: response.receivedAt,
      bytes: response.bytes,
    }
  }

  /** A parser's verdict; an answer of the wrong shape is an invalid response, like any other. */
  private parsed<T>(parse: () => T): T {
    try {
      return parse()
    } catch (error) {
      if (error instanceof ResponseShapeError) throw invalidResponse(error.message, 200)
      throw error
    }
  }

  private async getJson(
    pathAndQuery: string,
    callerSignal: AbortSignal | undefined,
    maxBodyBytes = this.maxBodyBytes,
    read: BodyReader = readWholeBody,
  ): Promise<JsonResponse> {
    if (this.apiKey === null)
      throw new ApiError({
        kind: 'key-missing',
        message: 'No API key is set: add one to fetch live data (demo mode needs none).',
      })
    const url = this.urlFor(pathAndQuery)
    try {
      return await this.exchange(
        url,
        this.apiKey,
        callerSignal,
        Math.min(maxBodyBytes, this.maxBodyBytes),
        read,
      )
    } catch (error) {
      if (callerSignal?.aborted) throw callerSignal.reason
      if (error instanceof ApiError) throw this.withoutKey(error)
      throw this.withoutKey(apiErrorFromTransport(error, this.timeoutMs))
    }
  }

  private async exchange(
    url: URL,
    apiKey: string,
    signal: AbortSignal | undefined,
    maxBodyBytes: number,
    read: BodyReader,
  ): Promise<JsonResponse> {
    const answer = await boundedGet(this.dispatcher, {
      url,
      headers: { 'x-api-key': apiKey, accept: 'application/json', 'user-agent': this.userAgent },
      capFor: (status, received) => {
        if (status >= 300 && status < 400) return null
        if (status < 200 || status >= 300) return MAX_ERROR_BODY_BYTES
        // A length declared past the cap is refused before a byte of it is read.
        return Number(received['content-length']) > maxBodyBytes ? null : maxBodyBytes
      },
      signal,
      deadline: { ms: this.timeoutMs, error: () => timeoutError(this.timeoutMs) },
    })
    try {
      return this.readAnswer(answer, maxBodyBytes, read)
    } finally {
      // Whatever the answer, its reader has decoded what it keeps by now (answer-body.ts).
      if (answer.body !== null) releaseBody(answer.body)
    }
  }

  /** A successful answer's JSON; the error an unsuccessful or unreadable one stands for. */
  private readAnswer(
    { statusCode, headers, body, overflowed }: BoundedAnswer,
    maxBodyBytes: number,
    read: BodyReader,
  ): JsonResponse {
    if (statusCode >= 300 && statusCode < 400) throw redirectError(statusCode, headers.location, this.baseUrl)
    if (statusCode < 200 || statusCode >= 300)
      throw apiErrorFromResponse(statusCode, headers, body?.toString('utf8') ?? '', this.now())
    if (body === null || overflowed)
      throw invalidResponse(`the answer is larger than ${maxBodyBytes} bytes; stopped reading it`, statusCode)
    try {
      return {
        body: read(body, this.apiKey),
        receivedAt: this.now(),
        bytes: body.length,
      }
    } catch {
      const type = sanitizeServiceText(String(headers['content-type'] ?? 'no content type'))
      throw invalidResponse(`the answer is not JSON (${type})`, statusCode)
    }
  }

  /** Every URL comes from the base URL; one that would leave the configured origin is never sent. */
  private urlFor(pathAndQuery: string): URL {
    const expected = `${this.baseUrl}${pathAndQuery}`
    const url = new URL(expected)
    if (url.origin !== this.origin || url.href !== expected)
      throw new ApiError({
        kind: 'invalid-request',
        message: `Refusing to send a request outside ${this.origin}.`,
      })
    return url
  }

  /** Defence in depth: a service that echoes the key back must not get it into our messages. */
  private withoutKey(error: ApiError): ApiError {
    const key = this.apiKey
    const texts = [error.message, error.code, error.documentation, error.serviceMessage]
    if (key === null || !texts.some((text) => text?.includes(key))) return error
    return new ApiError({
      kind: error.kind,
      message: this.scrubKey(error.message),
      status: error.status,
      code: error.code === null ? null : this.scrubKey(error.code),
      retryAfterMs: error.retryAfterMs,
      documentation: error.documentation === null ? null : this.scrubKey(error.documentation),
      serviceMessage: error.serviceMessage === null ? null : this.scrubKey(error.serviceMessage),
    })
  }

  private scrubKey(text: string): string {
    return scrubKey(text, this.apiKey)
  }
}
