import { afterAll, describe, expect, it } from 'vitest'
import { fetchLimits, fetchPrices } from '../../src/main/core/api/endpoint-fetchers'
import {
  STAMP_MS,
  apiErrorOf,
  limitsEnvelope,
  marketRecord,
  priceRecord,
  sendJson,
  useLoopbackClient,
} from '../core/api/api-client.fixtures'
import { formatTable } from '../chaos/table'

/**
 * A hostile or broken API against the client: each answer is handled without a crash or a hang,
 * and the reason is reported. What test/core/api/api-client.*.test.ts already covers (the size cap,
 * bodies that trickle in slower than the deadline, HTML error pages, truncated bodies, resets) is
 * not repeated; the table printed at the end says where each case lives. No case is timed: a hang
 * would meet the client's own deadline and come back as a timeout, which each case's expected
 * outcome rules out; how fast the client reads hostile answers is the benchmark's business.
 */

const MEGABYTE = 1024 * 1024

const loopback = useLoopbackClient()
const handled: Array<[string, string, string]> = []

afterAll(() => {
  handled.push(
    ['a body past the size cap', 'invalid-response: "larger than N bytes"', 'core/api-client.transport'],
    ['a body trickling in slower than the deadline', 'timeout', 'core/api-client.transport'],
    ['an HTML error page (200 and 502)', 'invalid-response / server', 'core/api-client.errors'],
    ['a truncated JSON body, a reset connection', 'invalid-response / network', 'core/api-client.sim'],
  )
  console.log(formatTable('Hostile API answers', ['answer', 'handled as', 'test'], handled))
})

/** Answers every request with `body` sent as raw text (so it may be anything, valid JSON or not). */
function answerRaw(body: string, status = 200): void {
  loopback.server.handle = (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) })
    res.end(body)
  }
}

describe('answers that are not usable JSON', () => {
  it.each([
    ['NaN as a value', '[{"primaryMarket":{"symbol":"AAPLon","price":NaN}}]'],
    ['Infinity as a value', '{"primaryMarket":{"symbol":"AAPLon","price":"1"},"timestamp":Infinity}'],
    ['a JSON text with trailing garbage', '[]]'],
  ])('%s: invalid-response, naming what came instead', async (what, body) => {
    answerRaw(body)
    const error = await apiErrorOf(loopback.client.allPrices())
    expect(error.kind).toBe('invalid-response')
    expect(error.message).toMatch(/not JSON \(application\/json\)/)
    handled.push([what, `invalid-response: "${error.message}"`, 'here'])
  })

  it('100,000 nested arrays: read, refused record by record, no stack overflow', async () => {
    answerRaw(`[${'['.repeat(100_000)}${']'.repeat(100_000)}]`)
    const result = await loopback.client.allPrices()
    expect(result.records).toEqual([])
    expect(result.rejected).toEqual([{ symbol: null, reason: expect.stringMatching(/expected object/) }])
    // The same nesting as the whole answer of a single-asset call, and as an error body.
    answerRaw('['.repeat(100_000) + ']'.repeat(100_000))
    expect((await apiErrorOf(loopback.client.price('AAPLon'))).kind).toBe('invalid-response')
    answerRaw(`{"code":${'['.repeat(100_000)}${']'.repeat(100_000)}}`, 500)
    const serverError = await apiErrorOf(loopback.client.price('AAPLon'))
    expect(serverError).toMatchObject({ kind: 'server', code: null })
    handled.push([
      '100,000 nested arrays (answer, record, error body)',
      'records refused; invalid-response; server',
      'here',
    ])
  })

  it('a number too large for a double (1e400) is no timestamp', async () => {
    answerRaw(`[${JSON.stringify(priceRecord('AAPLon')).replace(String(STAMP_MS), '1e400')}]`)
    const result = await loopback.client.allPrices()
    expect(result.records).toEqual([])
    expect(result.rejected[0]).toEqual({ symbol: 'AAPLon', reason: expect.stringMatching(/timestamp/) })
    handled.push(['1e400 as a timestamp', `record refused: "${result.rejected[0]?.reason}"`, 'here'])
  })
})

describe('records with hostile values', () => {
  it.each([
    ['a price in exponent form', { price: '1e5' }],
    ['a negative price', { price: '-231.45' }],
    ['a price as a number', { price: 231.45 }],
    ['a 10 MB price', { price: '9'.repeat(10 * MEGABYTE) }],
    ['a 10 MB symbol', { symbol: `${'A'.repeat(10 * MEGABYTE)}on` }],
  ])('%s: the record is refused with the reason, the others kept', async (what, primary) => {
    const bad = {
      ...priceRecord('AAPLon'),
      primaryMarket: { ...priceRecord('AAPLon').primaryMarket, ...primary },
    }
    sendAll([bad, priceRecord('TSLAon')])
    const result = await loopback.client.allPrices()
    expect(result.records.map((r) => r.primaryMarket.symbol)).toEqual(['TSLAon'])
    const rejected = result.rejected[0]
    expect(rejected?.reason).toMatch(/primaryMarket\.(price|symbol)/)
    expect(rejected?.reason.length).toBeLessThan(200) // the 10 MB are not echoed
    expect(rejected?.symbol?.length ?? 0).toBeLessThanOrEqual(64)
    handled.push([what, `record refused: "${rejected?.reason}"`, 'here'])
  })

  it('a 10 MB name in a market record is refused; its neighbour is kept', async () => {
    const bad = marketRecord('AAPLon')
    bad.underlyingMarket.name = 'N'.repeat(10 * MEGABYTE)
    loopback.server.handle = (_req, res) => sendJson(res, 200, [bad, marketRecord('TSLAon')])
    const result = await loopback.client.allMarket()
    expect(result.records.map((r) => r.primaryMarket.symbol)).toEqual(['TSLAon'])
    expect(result.rejected).toEqual([
      { symbol: 'AAPLon', reason: expect.stringMatching(/underlyingMarket\.name/) },
    ])
    handled.push(['a 10 MB string in a record', `record refused: "${result.rejected[0]?.reason}"`, 'here'])
  })

  it('__proto__ keys in an answer pollute nothing', async () => {
    answerRaw(`[{"__proto__":{"polluted":"yes"},${JSON.stringify(priceRecord('AAPLon')).slice(1)}]`)
    const result = await loopback.client.allPrices()
    expect(result.records).toHaveLength(1)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(Object.getPrototypeOf(result.records[0])).toBe(Object.prototype)
    handled.push(['__proto__ keys in a record', 'stripped; record kept; no pollution', 'here'])
  })
})

/** Answers every request with the JSON of `records`. */
function sendAll(records: unknown[]): void {
  loopback.server.handle = (_req, res) => sendJson(res, 200, records)
}

describe('duplicated symbols', () => {
  it('two different records for one symbol: neither is used, and the symbol is reported', async () => {
    sendAll([priceRecord('AAPLon', '231.4500'), priceRecord('TSLAon'), priceRecord('AAPLon', '199.0000')])
    const result = await fetchPrices(loopback.client, ['AAPLon', 'TSLAon'], 'all')
    expect(result.records.map((r) => r.primaryMarket.symbol)).toEqual(['TSLAon'])
    expect(result.errors).toEqual([
      {
        scope: 'AAPLon',
        code: 'DUPLICATE_RECORDS',
        message: 'The service sent 2 different records for AAPLon in one answer; none is used',
      },
    ])
    handled.push([
      'two different records for one symbol',
      `neither used: "${result.errors[0]?.message}"`,
      'here',
    ])
  })

  it('identical copies count as one record, without an error', async () => {
    sendAll([priceRecord('AAPLon'), priceRecord('AAPLon')])
    const result = await fetchPrices(loopback.client, ['AAPLon'], 'all')
    expect(result.records).toEqual([
      expect.objectContaining({ primaryMarket: { symbol: 'AAPLon', price: '231.4500' } }),
    ])
    expect(result.errors).toEqual([])
  })

  it('limits for one symbol in two envelopes that disagree are not used either', async () => {
    loopback.server.handle = (_req, res) =>
      sendJson(res, 200, [
        limitsEnvelope(['AAPLon']),
        limitsEnvelope(['AAPLon', 'TSLAon'], STAMP_MS + 60_000),
      ])
    const result = await fetchLimits(loopback.client, ['AAPLon', 'TSLAon'], 'all')
    expect(result.records.map((r) => r.symbol)).toEqual(['TSLAon'])
    expect(result.errors.map((e) => [e.scope, e.code])).toEqual([['AAPLon', 'DUPLICATE_RECORDS']])
  })
})
