import { describe, expect, it } from 'vitest'
import { apiErrorOf, useLoopbackClient } from './api-client.fixtures'

/** An answer that breaks HTTP itself came from a service that was reached: it is said as that. */

const loopback = useLoopbackClient()

describe('a malformed answer is not an unreachable service', () => {
  it('a 200 KB header: the service was reached, its answer is unusable', async () => {
    loopback.server.handle = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'x-padding': 'p'.repeat(200 * 1024) })
      res.end('[]')
    }
    const error = await apiErrorOf(loopback.client.allPrices())
    expect(error.kind).toBe('invalid-response')
    expect(error.message).toBe(
      'The service sent an answer we cannot use: the service was reached, ' +
        'but its headers are larger than a client reads (UND_ERR_HEADERS_OVERFLOW).',
    )
    expect(error.message).not.toMatch(/Could not reach/)
  })
})
