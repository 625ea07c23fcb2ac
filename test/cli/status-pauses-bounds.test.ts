import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runStatusCommand } from '../../src/main/cli/status-command'
import { ApiClient, MAX_ASSET_PAUSES_BYTES } from '../../src/main/core/api/api-client'
import { MAX_ASSET_PAUSES } from '../../src/main/core/api/wire/wire-status-parse'
import {
  type LoopbackServer,
  TEST_KEY,
  apiErrorOf,
  sendJson,
  startLoopbackServer,
} from '../core/api/api-client.fixtures'
import { memoryIo } from './memory-io'

/**
 * `/v1/status/assets` is asked every minute, so its answer is bounded like the candles: read no
 * further than a cap, refused whole past a count, and what is left out said once per reason.
 */

/** Tuesday 18 November 2025, 10:00 ET. */
const TUESDAY_10_00_ET = Date.UTC(2025, 10, 18, 15, 0, 7)

function pause(symbol: string, status = 'upcoming') {
  return {
    symbol,
    status,
    type: 'scheduled',
    reason: { code: 'ASSET_PAUSED', message: 'cash_dividend' },
    start: '2025-11-20T19:50:00-05:00',
    end: '2025-11-20T20:10:00-05:00',
    eventId: `div-${symbol}-2025-11-21`,
    updateSharesMultiplier: false,
  }
}

/** `count` pauses of distinct symbols (AAA0on, AAA1on...). */
function pauses(count: number, status?: string) {
  return Array.from({ length: count }, (_, i) => pause(`AAA${i}on`, status))
}

let server: LoopbackServer
let answer: (res: Parameters<LoopbackServer['handle']>[1]) => void = () => undefined

beforeAll(async () => {
  server = await startLoopbackServer((req, res) => {
    if (req.url === '/v1/status/assets') answer(res)
    else sendJson(res, 404, { code: 'RESOURCE_NOT_FOUND', message: 'no such endpoint' })
  })
})
afterAll(async () => server?.close())

async function askPauses() {
  const client = new ApiClient({ baseUrl: server.url, apiKey: TEST_KEY, timeoutMs: 5_000 })
  try {
    return await client.assetPauses()
  } finally {
    await client.close()
  }
}

describe('the asset pauses answer is bounded', () => {
  it('an answer past the byte cap is refused, reading stopped there', async () => {
    const body = pauses(6_000)
    expect(Buffer.byteLength(JSON.stringify(body))).toBeGreaterThan(MAX_ASSET_PAUSES_BYTES)
    // Sent in pieces without a declared length, so the cap is met while reading.
    answer = (res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    const error = await apiErrorOf(askPauses())
    expect(error.kind).toBe('invalid-response')
    expect(error.message).toMatch(`larger than ${MAX_ASSET_PAUSES_BYTES} bytes; stopped reading it`)
  })

  it('a million pauses declared (250 MB) are refused before a byte is read', async () => {
    answer = (res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(250_000_000) })
      res.write('[')
    }
    const error = await apiErrorOf(askPauses())
    expect(error.message).toMatch('larger than')
  })

  it(`more than ${MAX_ASSET_PAUSES} entries are refused whole, none of them checked`, async () => {
    answer = (res) =>
      sendJson(
        res,
        200,
        Array.from({ length: MAX_ASSET_PAUSES + 1 }, () => ({})),
      )
    const error = await apiErrorOf(askPauses())
    expect(error.message).toMatch(`${MAX_ASSET_PAUSES + 1} pauses, more than the ${MAX_ASSET_PAUSES} taken`)
  })

  it('a full answer within both bounds is read', async () => {
    answer = (res) => sendJson(res, 200, pauses(3_000))
    const read = await askPauses()
    expect(read.available && read.value.records.length).toBe(3_000)
  })
})

describe('tokenwatch status says pauses left out once per reason, with a count', () => {
  it('3,000 bad pauses and one of its own kind: two warnings', async () => {
    answer = (res) =>
      sendJson(res, 200, [...pauses(3_000, ''), pause('ZZZon', 'x'.repeat(65)), pause('AAPLon')])
    const { io, stdout, stderr } = memoryIo({ TOKENWATCH_API_KEY: TEST_KEY })
    const code = await runStatusCommand(['--base-url', server.url], io, {
      now: () => TUESDAY_10_00_ET,
      readStoredKey: async () => null,
    })
    expect(code).toBe(0)
    expect(stderr().split('\n').filter(Boolean)).toEqual([
      expect.stringMatching(
        /^warning: 3000 pauses were left out \(AAA0on, AAA1on, AAA2on and 2997 more\): status: /,
      ),
      expect.stringMatching(/^warning: a pause of ZZZon was left out: status: /),
    ])
    expect(stdout()).toContain('  AAPLon  upcoming ASSET_PAUSED')
  })
})
