import { describe, expect, it, vi } from 'vitest'
import * as answerBody from '../../../src/main/core/api/answer-body'
import { apiErrorOf, priceRecord, sendJson, sendText, useLoopbackClient } from './api-client.fixtures'

/**
 * Every body the client read is given back once decoded (answer-body.ts), whatever the answer
 * was: a large one's memory takes the next large answer rather than fresh memory.
 */

vi.mock('../../../src/main/core/api/answer-body', async (importOriginal) => {
  const actual = await importOriginal<typeof answerBody>()
  return { ...actual, releaseBody: vi.fn(actual.releaseBody) }
})

const released = vi.mocked(answerBody.releaseBody)
const api = useLoopbackClient()

describe('the bodies the client read', () => {
  it("are released once decoded: a large answer's memory takes the next, the records kept", async () => {
    const records = Array.from({ length: 600 }, (_, i) => priceRecord(`A${i}on`))
    api.server.handle = (_req, res) => sendJson(res, 200, records)
    const memories: ArrayBufferLike[] = []
    for (let answer = 0; answer < 2; answer++) {
      released.mockClear()
      const result = await api.client.allPrices()
      expect(result.records).toEqual(records)
      expect(result.bytes).toBeGreaterThan(64 * 1024)
      expect(released).toHaveBeenCalledTimes(1)
      memories.push((released.mock.calls[0]?.[0] as Buffer).buffer)
    }
    expect(memories[1]).toBe(memories[0])
  })

  it('are released when the answer is an error or not JSON', async () => {
    for (const answer of [
      (res: Parameters<typeof sendText>[0]) => sendJson(res, 500, { code: 'INTERNAL_ERROR' }),
      (res: Parameters<typeof sendText>[0]) => sendText(res, 200, '<html>', 'text/html'),
    ]) {
      api.server.handle = (_req, res) => answer(res)
      released.mockClear()
      await apiErrorOf(api.client.price('AAPLon'))
      expect(released).toHaveBeenCalledTimes(1)
    }
  })

  it('a redirect has no body read, so nothing to release', async () => {
    api.server.handle = (_req, res) => {
      res.writeHead(302, { location: '/elsewhere' })
      res.end()
    }
    released.mockClear()
    expect((await apiErrorOf(api.client.price('AAPLon'))).message).toMatch(/redirect/)
    expect(released).not.toHaveBeenCalled()
  })
})
