import { execFileSync } from 'node:child_process'
import { availableParallelism, cpus, totalmem } from 'node:os'
import { CHROMIUM_PATH } from '../test/support/chromium'

/** The machine a run's figures came from, for the table's header and BENCHMARKS.md. */
export function describeMachine(): string {
  let chromium = 'unknown'
  try {
    chromium = execFileSync(CHROMIUM_PATH, ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim()
  } catch {
    chromium = `not found at ${CHROMIUM_PATH}`
  }
  return [
    `cores: ${availableParallelism()} (${cpus()[0]?.model ?? 'unknown CPU'}), memory: ${Math.round(totalmem() / 2 ** 30)} GiB`,
    `node ${process.version}, ${chromium}`,
  ].join('\n')
}
