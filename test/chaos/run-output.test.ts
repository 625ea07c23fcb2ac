import { spawn } from 'node:child_process'
import { describe, expect, it } from 'vitest'

/** `npm run chaos -- --json`: stdout is one JSON document, the tables go to stderr. */

function chaos(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['tsx', 'test/chaos/run.ts', ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

describe('the chaos run with --json', () => {
  it('prints one JSON document on stdout and its tables on stderr', async () => {
    const run = await chaos(['--cycles', '250', '--seed', '3', '--json'])
    const figures = JSON.parse(run.stdout) as Record<string, number>
    expect(Object.keys(figures)).toEqual(
      expect.arrayContaining([
        'cycles',
        'crashes',
        'corruptValues',
        'staleDetectionMaxCadences',
        'rateLimitViolations',
      ]),
    )
    expect(run.stderr).toMatch(/chaos: (every figure within its threshold|FAILED)/)
    expect(run.code).toBe(figures.crashes === 0 && run.stderr.includes('every figure') ? 0 : 1)
  }, 240_000)
})
