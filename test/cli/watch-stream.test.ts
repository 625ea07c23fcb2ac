import { afterEach, describe, expect, it } from 'vitest'
import { EXIT } from '../../src/main/cli/io'
import { runWatchCommand } from '../../src/main/cli/watch-command'
import { type SimServer, startSimServer } from '../../src/main/sim/server/server'
import type { Delta } from '../../src/shared/domain'
import { TUESDAY_10_00_ET } from '../sim/sim-helpers'
import { memoryIo } from './memory-io'

/**
 * `tokenwatch watch` streaming from the simulator's gRPC port (market time Tuesday 10:00 ET,
 * running on): which source it uses said on stderr, "source" on every NDJSON line, --poll and
 * --stream. The key is never printed.
 */

const KEY = 'watch-stream-key-5e21'
const servers: SimServer[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close()
})

async function sim(specOnly = false): Promise<SimServer> {
  const startedAt = Date.now()
  const server = await startSimServer({
    apiKey: KEY,
    assets: 40,
    seed: 5,
    clock: () => TUESDAY_10_00_ET + (Date.now() - startedAt),
    grpcFrameMs: 50,
    grpc: true,
  })
  if (specOnly) server.setSpecOnly(true)
  servers.push(server)
  return server
}

const noStoredKey = async () => null

async function watch(argv: string[]) {
  const out = memoryIo({ TOKENWATCH_API_KEY: KEY })
  const code = await runWatchCommand(argv, out.io, { readStoredKey: noStoredKey, untilStopped: () => new Promise(() => {}) })
  expect(out.stdout() + out.stderr()).not.toContain(KEY)
  return { code, lines: out.stdout().trim().split('\n').filter(Boolean).map((line) => JSON.parse(line) as Delta & { source: string }), stderr: out.stderr() }
}

describe('tokenwatch watch, streaming', () => {
  it('streams where it can, says so on stderr, and marks each NDJSON line with its source', async () => {
    const server = await sim()
    const { code, lines, stderr } = await watch([
      '--symbols', 'AAPLon,TSLAon', '--base-url', server.url, '--stream-address', server.grpcAddress as string, '--json', '--count', '6',
    ])
    expect(code).toBe(EXIT.ok)
    expect(stderr).toBe('tokenwatch watch: prices: streaming\n')
    expect(lines.map((line) => line.source).every((source) => source === 'stream' || source === 'poll')).toBe(true)
    expect(lines.some((line) => line.source === 'stream' && line.changed.some((change) => change.fields.price !== undefined))).toBe(true)
  })

  it('--poll never streams', async () => {
    const server = await sim()
    const { lines, stderr } = await watch([
      '--symbols', 'AAPLon', '--base-url', server.url, '--stream-address', server.grpcAddress as string, '--json', '--count', '2', '--poll',
    ])
    expect(stderr).toBe('')
    expect(lines.map((line) => line.source)).toEqual(['poll', 'poll'])
    expect(server.grpc?.stats().calls).toBe(0)
  })

  it('--stream exits 4 with one line where the service has no streams', async () => {
    const server = await sim(true)
    const { code, stderr } = await watch([
      '--symbols', 'AAPLon', '--base-url', server.url, '--stream-address', server.grpcAddress as string, '--json', '--stream',
    ])
    expect(code).toBe(EXIT.service)
    expect(stderr).toBe('tokenwatch watch: prices: polling; streaming not available: the service has no streams\n')
  })

  it('refuses --poll with --stream, and a streaming address that is not host:port', async () => {
    for (const argv of [['--poll', '--stream'], ['--stream-address', 'https://grpc.example.test']]) {
      const out = memoryIo({ TOKENWATCH_API_KEY: KEY })
      expect(await runWatchCommand(['--symbols', 'AAPLon', ...argv], out.io, { readStoredKey: noStoredKey })).toBe(EXIT.usage)
      expect(out.stderr().trim().split('\n')).toHaveLength(1)
    }
  })
})
