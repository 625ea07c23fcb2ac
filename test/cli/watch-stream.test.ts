import { afterEach, describe, expect, it } from 'vitest'
import { EXIT } from '../../src/main/cli/io'
import { runWatchCommand } from '../../src/main/cli/watch-command'
import { type SimServer, startSimServer } from '../../src/main/sim/server/server'
import type { Delta } from '../../src/shared/domain'
import { TUESDAY_10_00_ET } from '../sim/sim-helpers'
import { SettingsFile } from '../../src/main/core/storage/settings-file'
import { cleanupAfterEach } from '../support/cleanups'
import { memoryIo } from './memory-io'

/**
 * `tokenwatch watch` streaming from the simulator's gRPC port (market time Tuesday 10:00 ET,
 * running on): which source it uses said on stderr, "source" on every NDJSON line, --poll and
 * --stream. The key is never printed.
 */

const KEY = 'watch-stream-key-5e21'
const { tempDir } = cleanupAfterEach('tw-watch-stream-')
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
  const code = await runWatchCommand(argv, out.io, {
    readStoredKey: noStoredKey,
    untilStopped: () => new Promise(() => {}),
  })
  expect(out.stdout() + out.stderr()).not.toContain(KEY)
  return {
    code,
    lines: out
      .stdout()
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Delta & { source: string }),
    stderr: out.stderr(),
  }
}

describe('tokenwatch watch, streaming', () => {
  it('streams where it can, says so on stderr, and marks each NDJSON line with its source', async () => {
    const server = await sim()
    const { code, lines, stderr } = await watch([
      '--symbols',
      'AAPLon,TSLAon',
      '--base-url',
      server.url,
      '--stream-address',
      server.grpcAddress as string,
      '--json',
      '--count',
      '6',
    ])
    expect(code).toBe(EXIT.ok)
    expect(stderr).toBe('tokenwatch watch: prices: streaming\n')
    expect(lines.map((line) => line.source).every((source) => source === 'stream' || source === 'poll')).toBe(
      true,
    )
    expect(
      lines.some(
        (line) =>
          line.source === 'stream' && line.changed.some((change) => change.fields.price !== undefined),
      ),
    ).toBe(true)
  })

  it('--poll never streams', async () => {
    const server = await sim()
    const { lines, stderr } = await watch([
      '--symbols',
      'AAPLon',
      '--base-url',
      server.url,
      '--stream-address',
      server.grpcAddress as string,
      '--json',
      '--count',
      '2',
      '--poll',
    ])
    expect(stderr).toBe('')
    expect(lines.map((line) => line.source)).toEqual(['poll', 'poll'])
    expect(server.grpc?.stats().calls).toBe(0)
  })

  it('--stream exits 4 with one line where the service has no streams', async () => {
    const server = await sim(true)
    const { code, stderr } = await watch([
      '--symbols',
      'AAPLon',
      '--base-url',
      server.url,
      '--stream-address',
      server.grpcAddress as string,
      '--json',
      '--stream',
    ])
    expect(code).toBe(EXIT.service)
    expect(stderr).toBe(
      'tokenwatch watch: prices: polling; streaming not available: ' + 'the service has no streams\n',
    )
  })

  it('refuses --poll with --stream, and a streaming address that is not host:port', async () => {
    for (const argv of [
      ['--poll', '--stream'],
      ['--stream-address', 'https://grpc.example.test'],
    ]) {
      const out = memoryIo({ TOKENWATCH_API_KEY: KEY })
      expect(
        await runWatchCommand(['--symbols', 'AAPLon', ...argv], out.io, { readStoredKey: noStoredKey }),
      ).toBe(EXIT.usage)
      expect(out.stderr().trim().split('\n')).toHaveLength(1)
    }
  })

  it(
    "streams from the app settings' streaming address, and never " + 'where it says off (issue #50)',
    async () => {
      const server = await sim()
      for (const streamAddress of [server.grpcAddress as string, 'off']) {
        const dir = tempDir()
        const settings = new SettingsFile(dir)
        await settings.load()
        await settings.update((current) => ({ ...current, baseUrl: server.url, streamAddress }))
        const out = memoryIo({ TOKENWATCH_API_KEY: KEY, TOKENWATCH_USER_DATA: dir })
        // --verbose, as runCli takes it for every command.
        out.io.verbose = true
        const untilStopped = () => new Promise<void>(() => {})
        const argv = ['--symbols', 'AAPLon', '--json', '--count', '2']
        expect(await runWatchCommand(argv, out.io, { readStoredKey: noStoredKey, untilStopped })).toBe(
          EXIT.ok,
        )
        if (streamAddress === 'off') {
          expect(out.stderr()).not.toContain('prices: streaming')
          expect(
            out
              .stdout()
              .trim()
              .split('\n')
              .map((line) => (JSON.parse(line) as { source: string }).source),
          ).toEqual(['poll', 'poll'])
        } else {
          expect(out.stderr()).toContain(`streaming from ${streamAddress}`)
          expect(out.stderr()).toContain('prices: streaming')
        }
      }
      // Only the first run opened a stream.
      expect(server.grpc?.stats().calls).toBeGreaterThan(0)
    },
  )
})
