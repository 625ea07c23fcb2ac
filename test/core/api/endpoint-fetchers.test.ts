import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../src/main/core/api/api-errors'
import type { ApiClient, FetchResult } from '../../../src/main/core/api/api-client'
import {
  fetchPrices,
  PER_SYMBOL_CONCURRENCY,
  unreadableAnswer,
} from '../../../src/main/core/api/endpoint-fetchers'
import type { WirePriceRecord } from '../../../src/main/core/api/wire/wire'
import type { RejectedRecord } from '../../../src/main/core/api/wire/wire-parse'

/**
 * The per-symbol and all-assets fetches on a client that answers as each test says, without HTTP
 * (fetch-snapshot.test.ts runs them against the simulator): what each kind of answer becomes.
 */

type Answer = FetchResult<WirePriceRecord> | Error

function record(symbol: string, price = '100.00'): WirePriceRecord {
  return { primaryMarket: { symbol }, price } as unknown as WirePriceRecord
}

function answer(
  records: WirePriceRecord[],
  bytes = 100,
  rejected: RejectedRecord[] = [],
): FetchResult<WirePriceRecord> {
  return { records, rejected, receivedAt: 0, bytes }
}

/** A client whose price(symbol) gives `answers[symbol]`, and which records what was asked. */
function scriptedClient(answers: Record<string, Answer>, all?: FetchResult<WirePriceRecord>) {
  const asked: string[] = []
  const client = {
    price: async (symbol: string) => {
      asked.push(symbol)
      const given = answers[symbol] ?? answer([record(symbol)])
      if (given instanceof Error) throw given
      return given
    },
    allPrices: async () => all ?? answer([]),
  } as unknown as ApiClient
  return { client, asked }
}

const bareNotFound = () => new ApiError({ kind: 'not-found', status: 404, message: 'Not Found' })

describe('fetching one endpoint', () => {
  it('sums the answers: records, rejected records, bytes, and the time of the first answer', async () => {
    const { client } = scriptedClient({
      AAPLon: answer([record('AAPLon')], 120),
      TSLAon: answer([], 80, [{ symbol: 'TSLAon', reason: 'price: not a decimal' }]),
      NVDAon: answer([], 10, [{ symbol: null, reason: 'no symbol at all' }]),
    })
    let clock = 1_000
    const fetched = await fetchPrices(
      client,
      ['AAPLon', 'TSLAon', 'NVDAon'],
      'per-symbol',
      undefined,
      () => clock++,
    )
    expect(fetched).toEqual({
      records: [record('AAPLon')],
      errors: [
        { scope: 'TSLAon', code: 'INVALID_RECORD', message: 'price: not a decimal' },
        { scope: 'unknown', code: 'INVALID_RECORD', message: 'no symbol at all' },
      ],
      bytes: 210,
      receivedAt: 1_000,
    })
  })

  it('reports a failure that is not the service’s as "failed", with its words', async () => {
    const { client } = scriptedClient({ TSLAon: new Error('socket hang up') })
    const fetched = await fetchPrices(client, ['AAPLon', 'TSLAon'], 'per-symbol')
    expect(fetched.errors).toEqual([{ scope: 'TSLAon', code: 'failed', message: 'socket hang up' }])
  })

  it('reports a symbol whose answer could not be read as its all-assets record would be', async () => {
    const unreadable = new ApiError({
      kind: 'invalid-response',
      status: 200,
      message: 'The service sent an answer we cannot use: the answer is not JSON (text/html).',
    })
    const { client } = scriptedClient({ TSLAon: unreadable })
    const fetched = await fetchPrices(client, ['AAPLon', 'TSLAon'], 'per-symbol')
    expect(fetched.records).toEqual([record('AAPLon')])
    expect(fetched.errors).toEqual([{ scope: 'TSLAon', code: 'INVALID_RECORD', message: unreadable.message }])
  })

  it('an empty watchlist asks nothing and is not an error', async () => {
    const { client, asked } = scriptedClient({})
    await expect(fetchPrices(client, [], 'per-symbol')).resolves.toMatchObject({ records: [], errors: [] })
    expect(asked).toEqual([])
  })

  it('a bare 404 for every symbol means a wrong address, and says how to fix it', async () => {
    const { client } = scriptedClient({ AAPLon: bareNotFound(), TSLAon: bareNotFound() })
    await expect(fetchPrices(client, ['AAPLon', 'TSLAon'], 'per-symbol')).rejects.toMatchObject({
      kind: 'not-found',
      message:
        'Nothing at this address answers like the market-data API (404 for every symbol). ' +
        'Check the base URL: it is the API root, without /v1.',
    })
  })

  it.each([
    ['a 429 without Retry-After', new ApiError({ kind: 'rate-limited', status: 429, message: 'Too many' })],
    [
      'a 503 with Retry-After',
      new ApiError({ kind: 'server', status: 503, message: 'Busy', retryAfterMs: 30_000 }),
    ],
  ])('stops asking once the service asks to wait (%s), and reports the symbols left out', async (_, wait) => {
    const symbols = Array.from({ length: PER_SYMBOL_CONCURRENCY * 3 }, (_, i) => `S${i}on`)
    const { client, asked } = scriptedClient({ [symbols[0]!]: wait })
    const fetched = await fetchPrices(client, symbols, 'per-symbol')
    expect(asked.length).toBeLessThan(symbols.length)
    expect(fetched.askedToWait).toBe(wait)
    const leftOut = symbols.filter((symbol) => !asked.includes(symbol))
    for (const symbol of [symbols[0]!, ...leftOut])
      expect(fetched.errors).toContainEqual(expect.objectContaining({ scope: symbol, message: wait.message }))
  })

  it('an all-assets answer reports what it does not list, beside conflicting duplicates', async () => {
    const all = answer([record('AAPLon', '1.00'), record('AAPLon', '2.00'), record('TSLAon')])
    const { client } = scriptedClient({}, all)
    const fetched = await fetchPrices(client, ['AAPLon', 'TSLAon', 'GONEon'], 'all', undefined, () => 5)
    expect(fetched.records).toEqual([record('TSLAon')])
    expect(fetched.errors).toEqual([
      { scope: 'GONEon', code: 'ASSET_NOT_FOUND', message: 'GONEon is not listed by the service' },
      {
        scope: 'AAPLon',
        code: 'DUPLICATE_RECORDS',
        message: 'The service sent 2 different records for AAPLon in one answer; none is used',
      },
    ])
  })

  it('calls an answer unreadable only when its records were all rejected, not when none was listed', () => {
    const notListed = {
      scope: 'GONEon',
      code: 'ASSET_NOT_FOUND',
      message: 'GONEon is not listed by the service',
    }
    const invalid = { scope: 'AAPLon', code: 'INVALID_RECORD', message: 'price: not a decimal' }
    expect(unreadableAnswer({ records: [], errors: [notListed], bytes: 10, receivedAt: 1 })).toBeNull()
    expect(
      unreadableAnswer({ records: [], errors: [notListed, invalid], bytes: 10, receivedAt: 1 }),
    ).toMatchObject({
      kind: 'invalid-response',
      message: "No record in the service's answer could be read (price: not a decimal)",
    })
    // One record read beside the rejected one: the answer was usable.
    expect(
      unreadableAnswer({ records: [record('TSLAon')], errors: [invalid], bytes: 10, receivedAt: 1 }),
    ).toBeNull()
  })
})
