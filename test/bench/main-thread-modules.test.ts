import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

/**
 * The process in which the main-thread benchmark measures the core (bench/node/main-thread.ts, its
 * event-loop delay and CPU) carries what the app's main thread carries, not the simulator: the
 * simulator runs in a process of its own, and importing its server for a constant once put its
 * gRPC server and both chain clients (some 14 MB) on the heap being measured.
 */

const ROOT = join(__dirname, '..', '..')
const SCRIPT = `
require('./bench/node/main-thread.ts')
const loaded = Object.keys(require.cache)
const packages = new Set(loaded.map((file) => /node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(file)?.[1]))
const simulator = loaded.filter((file) => file.includes('/src/main/sim/server/'))
process.stdout.write(JSON.stringify({ packages: [...packages].filter(Boolean), simulator }))
`

describe('the main-thread benchmark process', () => {
  it('loads neither the simulator nor the libraries only it and the poll worker use', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--require', 'tsx/cjs', '-e', SCRIPT], {
      cwd: ROOT,
      timeout: 60_000,
    })
    const { packages, simulator } = JSON.parse(stdout) as { packages: string[]; simulator: string[] }
    // The check can fail: the core it measures did load.
    expect(packages).toContain('zod')
    expect(packages.filter((name) => /^(viem|@solana\/kit|@grpc\/grpc-js|protobufjs)$/.test(name))).toEqual(
      [],
    )
    expect(simulator).toEqual([])
  })
})
