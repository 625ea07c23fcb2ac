import { afterAll, beforeAll, beforeEach } from 'vitest'
import type { CliIo } from '../../src/main/cli/io'
import type { ServiceCommandDeps } from '../../src/main/cli/service-client'
import type { ServiceReadings } from '../../src/main/sim/market/service-bodies'
import { type SimServer, startSimServer } from '../../src/main/sim/server/server'
import { type CommandRun, memoryIo } from './memory-io'

/**
 * The simulator behind the one-question commands (status, capacity, dividends): one server per
 * test file, its market time and readings set per test, and a run that captures output and exit
 * code and checks the key is never printed.
 */

export const SIM_KEY = 'cli-sim-key-2c41f0'

type Command = (argv: string[], io: CliIo, deps?: ServiceCommandDeps) => Promise<number>

export function useSimService(): {
  setTime(ms: number): void
  setService(options: { specOnly?: boolean; readings?: Partial<ServiceReadings> }): void
  run(command: Command, argv: string[]): Promise<CommandRun>
  sim(): SimServer
} {
  let server: SimServer
  let time = 0
  beforeAll(async () => {
    server = await startSimServer({ apiKey: SIM_KEY, assets: 60, clock: () => time })
  })
  afterAll(async () => {
    await server.close()
  })
  beforeEach(() => {
    server.setSpecOnly(false)
    server.setReadings({ offhoursReading: 'closed', closedMarketForm: 'reason', marketPause: null })
  })
  return {
    setTime: (ms) => {
      time = ms
    },
    setService: ({ specOnly, readings }) => {
      if (specOnly !== undefined) server.setSpecOnly(specOnly)
      if (readings) server.setReadings(readings)
    },
    sim: () => server,
    async run(command, argv) {
      const { io, stdout, stderr } = memoryIo({ TOKENWATCH_API_KEY: SIM_KEY })
      const code = await command(['--base-url', server.url, ...argv], io, {
        now: () => time,
        timeoutMs: 2_000,
        readStoredKey: async () => null,
      })
      const run = { code, stdout: stdout(), stderr: stderr() }
      if ((run.stdout + run.stderr).includes(SIM_KEY)) throw new Error('the key was printed')
      return run
    },
  }
}
