import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Snapshot } from '../../src/shared/domain'
import { type FakeService, TEST_KEY, startFakeService } from '../core/api/api-client.fixtures'

/**
 * The real wiring, twice: `npx tsx src/main/cli/index.ts` as a child process, with its real
 * streams, environment and exit code. Everything else about the commands is tested in-process.
 */

let service: FakeService

beforeAll(async () => {
  service = await startFakeService()
})
afterAll(async () => {
  await service.close()
})

function cli(
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['tsx', 'src/main/cli/index.ts', ...args], {
      cwd: process.cwd(),
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('error', reject)
    // npm's own notices about the machine's npm config are not ours.
    child.on('close', (code) =>
      resolve({ code, stdout, stderr: stderr.replace(/^npm (warn|notice).*\n/gm, '') }),
    )
  })
}

describe('tokenwatch as a process', () => {
  it('prints the snapshot as JSON and exits 0', async () => {
    const run = await cli(['snapshot', '--base-url', service.url, '--symbols', 'aapl,TSLAon', '--json'], {
      TOKENWATCH_API_KEY: TEST_KEY,
    })
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    const snapshot = JSON.parse(run.stdout) as Snapshot
    expect(snapshot.assets.map((asset) => asset.symbol)).toEqual(['AAPLon', 'TSLAon'])
    expect(snapshot.source).toEqual({ baseUrl: service.url, demo: false })
    expect(service.requests.every((request) => request.headers['x-api-key'] === TEST_KEY)).toBe(true)
    // The version the checkout's package.json says, given to the core by the command line.
    const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }
    expect(new Set(service.requests.map((request) => request.headers['user-agent']))).toEqual(
      new Set([`tokenwatch/${version}`]),
    )
  })

  it('exits 2 with one line on stderr for a bad symbol, sending nothing', async () => {
    const before = service.requests.length
    const run = await cli(['snapshot', '--base-url', service.url, '--symbols', '../etc'], {
      TOKENWATCH_API_KEY: TEST_KEY,
    })
    expect(run.code).toBe(2)
    expect(run.stdout).toBe('')
    expect(run.stderr.trimEnd().split('\n')).toEqual([
      expect.stringMatching(/^tokenwatch snapshot: --symbols: "\.\.\/etc"/),
    ])
    expect(service.requests.length).toBe(before)
  })

  it('answers `sessions --at ... --json` with one JSON line each, and exit 2 for a bad --at', async () => {
    const run = await cli(
      ['sessions', '--at', '2026-11-28T12:00:00-05:00', '--at', '2026-11-29T20:06-05:00', '--json'],
      {},
    )
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(
      run.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { phase: string; offhours: boolean }),
    ).toEqual([
      expect.objectContaining({ phase: 'closed', offhours: true }),
      expect.objectContaining({ phase: 'overnight', offhours: false }),
    ])
    const bad = await cli(['sessions', '--at', 'Saturday'], {})
    expect(bad.code).toBe(2)
    expect(bad.stdout).toBe('')
    expect(bad.stderr.trimEnd().split('\n')).toHaveLength(1)
  })
})
