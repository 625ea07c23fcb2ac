import { ApiClient } from '../../src/main/core/api/api-client'
import { ApiError } from '../../src/main/core/api/api-errors'
import { BEYOND_SPEC_ENDPOINTS, type SimEndpoint } from '../../src/main/sim/server/routes'
import type { WalletEndpoint } from '../../src/main/sim/server/wallet-routes'
import type { CorruptValue } from './delta-check'
import type { WarpClock } from './warp-clock'

/**
 * The endpoints beyond the spec in a chaos run: market status, asset pauses, trading capacity,
 * dividends, candles and the multiplier history, asked through the real ApiClient (its parsers,
 * bounds and key scrub) once a price cadence while the service misbehaves. What comes back is held
 * to three rules: every decimal it carries was sent for that endpoint (nothing made up, shifted or
 * half-read), nothing the fault injection breaks on purpose gets through (a close of "abc", a
 * multiplier of 0, a time before 2000 or a candle more than a day ahead), and the API key is in no
 * answer and no error, whatever its road.
 */

/**
 * The endpoints beyond the spec: the simulator's BEYOND_SPEC_ENDPOINTS, all of them asked (the wallet
 * endpoints are read per wallet, not polled).
 */
export type SideEndpoint = Exclude<
  SimEndpoint,
  'market' | 'allMarket' | 'price' | 'allPrices' | 'limits' | WalletEndpoint
>

export const SIDE_ENDPOINTS = [...BEYOND_SPEC_ENDPOINTS] as SideEndpoint[]

type Json = Record<string, unknown>

const DECIMAL = /^-?\d+(?:\.\d+)?$/
const ZERO = /^-?0+(?:\.0+)?$/
/** The earliest record date the client keeps (issue 45, item 7). */
const EARLIEST_MS = Date.UTC(2000, 0, 1)
const DAY_MS = 86_400_000
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null
const isSide = (endpoint: SimEndpoint): endpoint is SideEndpoint =>
  (SIDE_ENDPOINTS as readonly string[]).includes(endpoint)

/** Every string the simulator sent per side endpoint, with when it last did (virtual ms). */
class SentStrings {
  private readonly byEndpoint = new Map<SideEndpoint, Map<string, number>>()
  private readonly seen = new WeakSet<object>()

  constructor(
    private readonly now: () => number,
    private readonly retainMs: number,
  ) {}

  record(endpoint: SimEndpoint, body: unknown): void {
    if (!isSide(endpoint) || !isObject(body) || this.seen.has(body)) return
    this.seen.add(body)
    let strings = this.byEndpoint.get(endpoint)
    if (!strings) this.byEndpoint.set(endpoint, (strings = new Map()))
    const now = this.now()
    const walk = (value: unknown): void => {
      if (typeof value === 'string') strings.set(value, now)
      else if (Array.isArray(value)) value.forEach(walk)
      else if (isObject(value)) Object.values(value).forEach(walk)
    }
    walk(body)
    for (const [value, at] of strings) if (now - at > this.retainMs) strings.delete(value)
  }

  has(endpoint: SideEndpoint, value: string): boolean {
    return this.byEndpoint.get(endpoint)?.has(value) ?? false
  }
}

export interface SideDeskOptions {
  baseUrl: string
  apiKey: string
  clock: WarpClock
  symbols: readonly string[]
  cadenceMs: number
  requestTimeoutMs: number
  retainMs: number
}

export class SideDesk {
  readonly sent: SentStrings
  /** Calls per endpoint and how each ended: "ok", "not published" or the ApiError's kind. */
  readonly outcomes: Record<SideEndpoint, Record<string, number>>
  readonly corrupt: CorruptValue[] = []
  corruptCount = 0
  valuesChecked = 0
  keyLeaks = 0
  private readonly client: ApiClient
  private running = false
  private loop: Promise<void> | null = null
  private turn = 0

  constructor(private readonly options: SideDeskOptions) {
    this.sent = new SentStrings(() => options.clock.now(), options.retainMs)
    this.client = new ApiClient({
      baseUrl: options.baseUrl,
      apiKey: options.apiKey,
      timeoutMs: options.requestTimeoutMs,
      connectTimeoutMs: options.requestTimeoutMs,
      now: () => options.clock.now(),
    })
    this.outcomes = Object.fromEntries(
      SIDE_ENDPOINTS.map((endpoint) => [endpoint, {}]),
    ) as SideDesk['outcomes']
  }

  start(): void {
    this.running = true
    this.loop = this.run()
  }

  async stop(): Promise<void> {
    this.running = false
    await this.loop
    await this.client.close()
  }

  calls(): number {
    return SIDE_ENDPOINTS.reduce(
      (sum, endpoint) => sum + Object.values(this.outcomes[endpoint]).reduce((a, b) => a + b, 0),
      0,
    )
  }

  private async run(): Promise<void> {
    while (this.running) {
      await this.options.clock.sleep(this.options.cadenceMs)
      if (!this.running) return
      const symbol = this.options.symbols[this.turn++ % this.options.symbols.length] as string
      await Promise.all(SIDE_ENDPOINTS.map((endpoint) => this.ask(endpoint, symbol)))
    }
  }

  private request(endpoint: SideEndpoint, symbol: string): Promise<unknown> {
    switch (endpoint) {
      case 'marketStatus':
        return this.client.marketStatus()
      case 'assetPauses':
        return this.client.assetPauses()
      case 'tradingCapacity':
        return this.client.tradingCapacity(symbol, this.turn % 2 === 0 ? 'buy' : 'sell')
      case 'dividends':
        return this.client.dividends(symbol)
      case 'candles':
        return this.client.candles(symbol, '5min', '1day')
      case 'multiplierHistory':
        return this.client.multiplierHistory(symbol, '1month')
    }
  }

  private async ask(endpoint: SideEndpoint, symbol: string): Promise<void> {
    let outcome: string
    try {
      const answer = await this.options.clock.during(() => this.request(endpoint, symbol))
      this.leakCheck(answer)
      outcome = isObject(answer) && answer.available === false ? 'not published' : 'ok'
      this.check(endpoint, symbol, answer, '')
    } catch (error) {
      outcome = error instanceof ApiError ? error.kind : 'other'
      this.leakCheck(
        error instanceof Error ? { ...error, message: error.message, stack: error.stack } : error,
      )
    }
    const counts = this.outcomes[endpoint]
    counts[outcome] = (counts[outcome] ?? 0) + 1
  }

  private leakCheck(value: unknown): void {
    if (JSON.stringify(value ?? null).includes(this.options.apiKey)) this.keyLeaks += 1
  }

  /** Walks an answer (its `rejected` lists aside: they say what was refused). */
  private check(endpoint: SideEndpoint, symbol: string, value: unknown, field: string): void {
    if (Array.isArray(value)) value.forEach((item) => this.check(endpoint, symbol, item, field))
    else if (isObject(value)) {
      for (const [key, inner] of Object.entries(value))
        if (key !== 'rejected') this.check(endpoint, symbol, inner, key)
    } else if (typeof value === 'string') this.checkString(endpoint, symbol, field, value)
    else if (typeof value === 'number' && field === 't') this.checkTime(endpoint, symbol, value)
  }

  private checkString(endpoint: SideEndpoint, symbol: string, field: string, value: string): void {
    if (!DECIMAL.test(value)) {
      if (value === 'abc') this.flag(endpoint, symbol, field, value)
      return
    }
    this.valuesChecked += 1
    const madeUp = !this.sent.has(endpoint, value)
    const zeroMultiplier = endpoint === 'multiplierHistory' && field === 'value' && ZERO.test(value)
    if (madeUp || zeroMultiplier) this.flag(endpoint, symbol, field, value)
  }

  private checkTime(endpoint: SideEndpoint, symbol: string, t: number): void {
    this.valuesChecked += 1
    if (t < EARLIEST_MS || t > this.options.clock.now() + DAY_MS) this.flag(endpoint, symbol, 't', String(t))
  }

  private flag(endpoint: SideEndpoint, symbol: string, field: string, value: string): void {
    this.corruptCount += 1
    if (this.corrupt.length < 10) this.corrupt.push({ symbol, field: `${endpoint}.${field}`, value })
  }
}
