import { getEventListeners } from 'node:events'
import { createServer } from 'node:http'
import net, { type AddressInfo } from 'node:net'
import { Agent } from 'undici'
import { describe, expect, it, vi } from 'vitest'
import { ApiClient } from '../../../src/main/core/api/api-client'
import { TEST_KEY, apiErrorOf, priceRecord, sendJson, useLoopbackClient } from './api-client.fixtures'

/** Transport failures: oversized bodies, slow answers, broken and refused connections, aborts. */

const CAP_BYTES = 256 * 1024
const api = useLoopbackClient({ timeoutMs: 300, maxBodyBytes: CAP_BYTES })

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('body size cap', () => {
  // A deadline far from the test's: under load, reading a few MB before the cap trips took over
  // 300 ms, and the call then ended as a timeout instead of the refusal these tests are about.
  const bodies = useLoopbackClient({ timeoutMs: 10_000, maxBodyBytes: CAP_BYTES })

  it(
    'stops reading a body larger than maxBodyBytes, drops the connection ' + 'and reports invalid-response',
    async () => {
      const attemptBytes = 64 * 1024 * 1024
      const chunk = Buffer.alloc(64 * 1024, 0x20)
      let written = 0
      const closed = new Promise<void>((resolve) => {
        bodies.server.handle = (_req, res) => {
          res.on('close', () => resolve())
          res.writeHead(200, { 'content-type': 'application/json' })
          res.write('[')
          // Written with backpressure, so `written` is what the client (and the kernel) took in.
          const pump = () => {
            while (written < attemptBytes && !res.destroyed) {
              written += chunk.length
              if (!res.write(chunk)) return void res.once('drain', pump)
            }
            if (!res.destroyed) res.end(']')
          }
          pump()
        }
      })
      const error = await apiErrorOf(bodies.client.allMarket())
      expect(error.kind).toBe('invalid-response')
      expect(error.message).toContain(`larger than ${CAP_BYTES} bytes`)
      await closed
      // The socket was closed long before the server got its 64 MiB out (kernel buffers hold a few MB at
      // most).
      expect(written).toBeLessThan(16 * 1024 * 1024)
    },
  )

  it('refuses at once a body whose content-length is over the cap', async () => {
    bodies.server.handle = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(CAP_BYTES + 1) })
      res.write('[')
    }
    const error = await apiErrorOf(bodies.client.allPrices())
    expect(error.kind).toBe('invalid-response')
    expect(error.message).toContain('larger than')
  })

  it.each([
    ['a length over the cap', 200, { 'content-length': String(CAP_BYTES + 1) }, 'larger than'],
    ['a redirect', 302, { location: '/elsewhere', 'content-length': '100' }, 'redirect'],
    ['a 300', 300, { location: '/elsewhere', 'content-length': '100' }, 'redirect'],
  ] as const)(
    'settles on the headers of %s, never waiting for a body, and drops its connection',
    async (_what, status, headers, said) => {
      // The body never comes: a call that waited for it would wait out its (ten-minute) deadline.
      const closed = new Promise<void>((resolve) => {
        bodies.server.handle = (req, res) => {
          req.socket.once('close', () => resolve())
          res.writeHead(status, { 'content-type': 'application/json', ...headers })
          res.flushHeaders()
        }
      })
      const patient = new ApiClient({
        baseUrl: bodies.server.url,
        apiKey: TEST_KEY,
        timeoutMs: 10 * 60_000,
        maxBodyBytes: CAP_BYTES,
      })
      try {
        const error = await apiErrorOf(patient.allPrices())
        expect(error.message.toLowerCase()).toContain(said)
        await closed
      } finally {
        await patient.close()
      }
    },
  )

  it('reads no more than 16 KiB of an error page, then drops the connection and says the error', async () => {
    // An error page that never ends, 1 KiB at a time: a call that read it to the body cap (64 MiB
    // here) would wait out its deadline and end as a timeout.
    const closed = new Promise<void>((resolve) => {
      bodies.server.handle = (req, res) => {
        req.socket.once('close', () => resolve())
        res.writeHead(500, { 'content-type': 'text/html' })
        const pump = () => {
          if (!res.destroyed) res.write('x'.repeat(1024), () => setTimeout(pump, 2))
        }
        pump()
      }
    })
    const patient = new ApiClient({ baseUrl: bodies.server.url, apiKey: TEST_KEY, timeoutMs: 5_000 })
    try {
      const error = await apiErrorOf(patient.allPrices())
      expect(error).toMatchObject({ kind: 'server', status: 500 })
      expect(error.message).toBe(
        'The service had an internal problem; it usually passes, try again shortly ' +
          '(500 Internal Server Error).',
      )
      await closed
    } finally {
      await patient.close()
    }
  })

  /** Answers with one price record padded with spaces to `bytes`, its length stated or not. */
  function answerPadded(bytes: number, statesLength: boolean): void {
    const record = JSON.stringify(priceRecord('AAPLon'))
    const body = record + ' '.repeat(bytes - Buffer.byteLength(record))
    bodies.server.handle = (_req, res) => {
      res.writeHead(200, {
        'content-type': 'application/json',
        ...(statesLength ? { 'content-length': String(bytes) } : {}),
      })
      res.end(body)
    }
  }

  it.each([
    ['with its content-length', true],
    ['streamed without one', false],
  ])('accepts a body of exactly the cap, %s', async (_how, statesLength) => {
    answerPadded(CAP_BYTES, statesLength)
    const result = await bodies.client.price('AAPLon')
    expect(result.bytes).toBe(CAP_BYTES)
    expect(result.records).toHaveLength(1)
  })

  it('refuses a body one byte over the cap that states no length', async () => {
    answerPadded(CAP_BYTES + 1, false)
    const error = await apiErrorOf(bodies.client.price('AAPLon'))
    expect(error.kind).toBe('invalid-response')
    expect(error.message).toContain(`larger than ${CAP_BYTES} bytes`)
  })
})

describe('timeouts', () => {
  it('times out a body that trickles in slower than the deadline', async () => {
    api.server.handle = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.write('[')
      // Bounded: at most 40 more bytes, one every 50 ms, far past the 300 ms deadline. A byte
      // every 50 ms never leaves the socket idle for 300 ms: only a deadline on the whole answer
      // stops it, and then bytes are still left to send.
      let left = 40
      const timer = setInterval(() => {
        if (res.destroyed || left-- === 0) return clearInterval(timer)
        res.write(' ')
      }, 50)
      res.on('close', () => {
        clearInterval(timer)
        leftAtClose = left
      })
    }
    let leftAtClose: number | null = null
    const error = await apiErrorOf(api.client.allPrices())
    expect(error.kind).toBe('timeout')
    expect(error.message).toContain('within 300 ms')
    await vi.waitFor(() => expect(leftAtClose).not.toBeNull())
    expect(leftAtClose).toBeGreaterThan(0)
  })

  it('times out a server that never sends headers', async () => {
    api.server.handle = () => undefined
    expect((await apiErrorOf(api.client.price('AAPLon'))).kind).toBe('timeout')
  })

  it(
    'gives up on a connection that is never made after connectTimeoutMs, ' + 'long before the deadline',
    async () => {
      // What a firewall that drops packets looks like: a socket that never connects.
      vi.spyOn(net, 'connect').mockImplementation(() => new net.Socket())
      const unconnected = new ApiClient({
        baseUrl: api.server.url,
        apiKey: TEST_KEY,
        timeoutMs: 10 * 60_000,
        connectTimeoutMs: 1,
      })
      try {
        // Without the connect timeout only this caller's own limit would end the call.
        const error = await apiErrorOf(unconnected.allMarket(AbortSignal.timeout(5_000)))
        expect(error.kind).toBe('timeout')
        expect(api.server.requests).toHaveLength(0)
      } finally {
        vi.restoreAllMocks()
        await unconnected.close()
      }
    },
  )

  it(
    'settles a call aborted while its connection is still being made, ' +
      'and closes, without waiting for the attempt',
    async () => {
      // undici heeds a request's signal only once it has a socket: a stop or a pause while connecting
      // to a host that drops packets would otherwise hold the poll until the connect timeout.
      const attempts: net.Socket[] = []
      vi.spyOn(net, 'connect').mockImplementation(() => {
        const socket = new net.Socket()
        attempts.push(socket)
        return socket
      })
      const connecting = new ApiClient({
        baseUrl: api.server.url,
        apiKey: TEST_KEY,
        timeoutMs: 10 * 60_000,
        connectTimeoutMs: 10 * 60_000,
      })
      const controller = new AbortController()
      try {
        const call = connecting.allMarket(controller.signal)
        await vi.waitFor(() => expect(attempts).toHaveLength(1))
        controller.abort(new Error('stopped'))
        await expect(call).rejects.toThrow('stopped')
        expect(attempts[0]?.destroyed).toBe(false) // the attempt had not given up: the abort ended the call
        await connecting.close() // nor does closing the client wait for it (a graceful close would)
      } finally {
        vi.restoreAllMocks()
        for (const socket of attempts) socket.destroy()
      }
    },
  )

  it('leaves no timer running once a call is over, so nothing keeps a CLI run alive', async () => {
    const timers = () => process.getActiveResourcesInfo().filter((resource) => resource === 'Timeout').length
    const before = timers()
    api.server.handle = (_req, res) => sendJson(res, 200, priceRecord('AAPLon'))
    await api.client.price('AAPLon')
    api.server.handle = (_req, res) => sendJson(res, 503, {})
    await apiErrorOf(api.client.price('AAPLon'))
    expect(timers()).toBe(before)
  })
})

describe('broken connections', () => {
  it('maps a connection reset before the answer to network', async () => {
    api.server.handle = (req) => req.socket.resetAndDestroy()
    const error = await apiErrorOf(api.client.price('AAPLon'))
    expect(error.kind).toBe('network')
    expect(error.status).toBeNull()
  })

  it('maps a connection cut in the middle of the body to network', async () => {
    api.server.handle = (req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' })
      res.write('[{"primaryMarket":')
      setTimeout(() => req.socket.destroy(), 10)
    }
    expect((await apiErrorOf(api.client.allPrices())).kind).toBe('network')
  })

  it('maps a refused connection (a closed port) to network, saying so', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const probe = createServer()
      probe.listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo
        probe.close(() => resolve(port))
      })
    })
    const refused = new ApiClient({
      baseUrl: `http://127.0.0.1:${closedPort}`,
      apiKey: TEST_KEY,
      timeoutMs: 1_000,
    })
    try {
      const error = await apiErrorOf(refused.allMarket())
      expect(error.kind).toBe('network')
      expect(error.message).toContain('connection refused')
    } finally {
      await refused.close()
    }
  })
})

describe('aborts', () => {
  it("rejects with the caller's abort reason (not an ApiError) when the caller aborts", async () => {
    api.server.handle = () => undefined
    // A deadline past the test's own timeout: only the caller's abort can end this call in time.
    const patient = new ApiClient({ baseUrl: api.server.url, apiKey: TEST_KEY, timeoutMs: 10 * 60_000 })
    try {
      const controller = new AbortController()
      const call = patient.allMarket(controller.signal)
      await wait(20)
      const reason = new Error('stopped by the caller')
      controller.abort(reason)
      await expect(call).rejects.toBe(reason)
    } finally {
      await patient.close()
    }
  })

  it('never sends a call aborted while it waited its turn for a connection', async () => {
    const oneConnection = new Agent({ connections: 1, pipelining: 1 })
    const client = new ApiClient({
      baseUrl: api.server.url,
      apiKey: TEST_KEY,
      timeoutMs: 10 * 60_000,
      dispatcher: oneConnection,
    })
    const held: (() => void)[] = []
    api.server.handle = (req, res) => {
      const answer = () => sendJson(res, 200, priceRecord(req.url?.split('/')[3] ?? ''))
      if (req.url?.includes('AAPLon')) held.push(answer)
      else answer()
    }
    try {
      const first = client.price('AAPLon')
      await vi.waitFor(() => expect(held).toHaveLength(1))
      const controller = new AbortController()
      const queued = client.price('TSLAon', controller.signal)
      controller.abort(new Error('stopped'))
      await expect(queued).rejects.toThrow('stopped')
      held[0]?.()
      await first
      // The connection is free again: the next call goes out on it, and the aborted one never did.
      await client.price('NVDAon')
      expect(api.server.requests.map((request) => request.url.split('/')[3])).toEqual(['AAPLon', 'NVDAon'])
    } finally {
      await client.close()
      await oneConnection.close()
    }
  })

  it("leaves no listener on the caller's signal once each call is over", async () => {
    // A poll's signal lives as long as the poll loop: a listener left per request would pile up.
    const polling = new AbortController()
    api.server.handle = (_req, res) => sendJson(res, 200, priceRecord('AAPLon'))
    for (let i = 0; i < 3; i++) await api.client.price('AAPLon', polling.signal)
    api.server.handle = (_req, res) => sendJson(res, 503, {})
    await apiErrorOf(api.client.price('AAPLon', polling.signal))
    expect(getEventListeners(polling.signal, 'abort')).toHaveLength(0)
  })

  it('sends nothing when the signal is already aborted', async () => {
    const controller = new AbortController()
    controller.abort()
    await expect(api.client.allMarket(controller.signal)).rejects.toMatchObject({ name: 'AbortError' })
    expect(api.server.requests).toHaveLength(0)
  })
})

describe('keep-alive', () => {
  // undici may open a second connection while the first is being released; it never opens one per request.
  it('reuses connections for consecutive requests', async () => {
    const ports = new Set<number | undefined>()
    api.server.handle = (req, res) => {
      ports.add(req.socket.remotePort)
      sendJson(res, 200, priceRecord('AAPLon'))
    }
    for (let i = 0; i < 10; i += 1) await api.client.price('AAPLon')
    expect(api.server.requests).toHaveLength(10)
    expect(ports.size).toBeLessThanOrEqual(2)
  })
})
