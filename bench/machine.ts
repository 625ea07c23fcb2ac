import { execFileSync } from 'node:child_process'
import { availableParallelism, cpus, totalmem } from 'node:os'
import { chromiumExecutable } from '../test/support/chromium'

/** The machine a run's figures came from, for the table's header and BENCHMARKS.md. */
export function describeMachine(): string {
  let chromium = 'unknown'
  try {
    chromium = execFileSync(chromiumExecutable(), ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim()
  } catch (error) {
    // No Chromium found (the finder's message says how to get one), or it would not say its version.
    chromium = error instanceof Error ? error.message : String(error)
  }
  return [
    `cores: ${availableParallelism()} (${cpus()[0]?.model ?? 'unknown CPU'}` +
      `), memory: ${Math.round(totalmem() / 2 ** 30)} GiB`,
    `node ${process.version}, ${chromium}`,
  ].join('\n')
}
