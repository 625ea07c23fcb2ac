import { afterEach, describe, expect, it } from 'vitest'
import { ApiClient } from '../../../src/main/core/api/api-client'
import {
  MAX_NODE_ANSWER_BYTES,
  NodeAnswerTooLarge,
  boundedFetch,
} from '../../../src/main/core/wallets/node-fetch'
import {
  LISTING_CACHE_MS,
  MAX_BALANCES_BYTES,
  TokenListingCache,
  parseListing,
  serviceBalances,
} from '../../../src/main/core/wallets/service-balances'
import { type LoopbackServer, TEST_KEY, sendJson, startLoopbackServer } from '../api/api-client.fixtures'

/**
 * Every answer the wallets read is bounded in size, and the listing is asked once per 5 minutes (issue 48).
 */

// a Saturday, 12:00 ET: the wallets are read whatever the session
const NOW = Date.parse('2026-11-28T17:00:00Z')
const WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
let server: LoopbackServer | undefined
let client: ApiClient | undefined

afterEach(async () => {
  await client?.close()
  await server?.close()
  client = server = undefined
})

async function serve(body: unknown): Promise<ApiClient> {
  server = await startLoopbackServer((_req, res) => sendJson(res, 200, body))
  client = new ApiClient({ baseUrl: server.url, apiKey: TEST_KEY, now: () => NOW })
  return client
}

describe('bounded wallet answers', () => {
  it('refuses a balances answer past its cap rather than reading it', async () => {
    const tokens = Array.from({ length: 6_000 }, (_, index) => ({
      tokenAddress: `0x${index.toString(16).padStart(40, '0')}`,
      balances: [{ holderAddress: { account: WALLET }, balance: '100.10' }],
    }))
    expect(JSON.stringify({ tokens }).length).toBeGreaterThan(MAX_BALANCES_BYTES)
    const asked = serviceBalances(await serve({ tokens }), 'ethereum', WALLET, 'Cold', parseListing([]))
    await expect(asked).rejects.toThrow(/larger than 524288 bytes/)
    // Asked with the wallet's address, for one chain.
    expect(server?.requests[0]?.url).toBe(`/v1/chains/ethereum-1/balances?userAddress=${WALLET}`)
  })

  it("refuses a node's answer past its cap", async () => {
    server = await startLoopbackServer((_req, res) =>
      sendJson(res, 200, { jsonrpc: '2.0', id: 1, result: 'x'.repeat(MAX_NODE_ANSWER_BYTES) }),
    )
    await expect(boundedFetch(server.url, { method: 'POST', body: '{}' })).rejects.toBeInstanceOf(
      NodeAnswerTooLarge,
    )
  })

  it('names its refusal NodeAnswerTooLarge, as a log line writes the error', async () => {
    server = await startLoopbackServer((_req, res) => sendJson(res, 200, { result: 'x'.repeat(64) }))
    const error = await boundedFetch(server.url, undefined, 16).catch((e: unknown) => e)
    expect(String(error)).toBe("NodeAnswerTooLarge: the node's answer is larger than 16 bytes; not read")
  })

  it('reads a node answer of exactly the cap, declared or streamed, and refuses one byte more', async () => {
    const body = '{"result":"100.10"}'
    const cap = Buffer.byteLength(body)
    server = await startLoopbackServer((req, res) => {
      const text = req.url === '/over' ? `${body} ` : body
      // /declared says its length; the others are sent chunked, their size known only as read.
      if (req.url === '/declared') res.writeHead(200, { 'content-length': Buffer.byteLength(text) })
      else res.writeHead(200, { 'content-type': 'application/json' })
      res.end(text)
    })
    for (const path of ['/declared', '/streamed']) {
      const answer = await boundedFetch(`${server.url}${path}`, undefined, cap)
      expect(await answer.text()).toBe(body)
    }
    await expect(boundedFetch(`${server.url}/over`, undefined, cap)).rejects.toThrow(
      `the node's answer is larger than ${cap} bytes; not read`,
    )
  })

  it("passes a node's status on with its body, and follows no redirect", async () => {
    server = await startLoopbackServer((req, res) => {
      if (req.url === '/moved') {
        res.writeHead(302, { location: '/elsewhere' })
        res.end()
      } else sendJson(res, 503, { error: 'busy' })
    })
    const answer = await boundedFetch(`${server.url}/node`)
    expect(answer.status).toBe(503)
    expect(answer.headers.get('content-type')).toMatch(/json/)
    expect(await answer.json()).toEqual({ error: 'busy' })
    await expect(boundedFetch(`${server.url}/moved`)).rejects.toThrow()
    expect(server.requests.map((request) => request.url)).toEqual(['/node', '/moved'])
  })

  it('asks the token listing once per 5 minutes', async () => {
    let now = NOW
    const cache = new TokenListingCache(() => now)
    const listingClient = await serve([
      {
        symbol: 'AAPLon',
        addresses: [{ networkChainId: 'ethereum-1', address: `0x${'1'.repeat(40)}`, decimals: 18 }],
      },
    ])
    await cache.get(listingClient)
    now += LISTING_CACHE_MS - 1
    const cached = await cache.get(listingClient)
    expect(server?.requests).toHaveLength(1)
    expect(cached.published && cached.value.tokens.map((token) => token.symbol)).toEqual(['AAPLon'])
    now += 1
    await cache.get(listingClient)
    expect(server?.requests.map((request) => request.url)).toEqual([
      '/v1/assets/all/addresses',
      '/v1/assets/all/addresses',
    ])
  })
})
