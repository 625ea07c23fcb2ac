import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { join } from 'node:path'
import { createInterface } from 'node:readline'

/**
 * The simulator in a process of its own (`npm run sim`), so that a benchmark of the core's
 * threads counts none of the simulator's work: not its event loop, not its CPU, not its heap.
 */

export interface SimProcess {
  url: string
  apiKey: string
  close(): Promise<void>
}

/** `speed`: how much faster than real time the simulated market's time runs (see sim-child.ts). */
export async function startSimProcess(assets: number, speed = 1): Promise<SimProcess> {
  const apiKey = 'bench-sim-process-key-0123456789'
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(__dirname, 'sim-child.ts'), apiKey, String(assets), String(speed)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  const lines = createInterface({ input: child.stdout })
  const [line] = (await Promise.race([
    once(lines, 'line'),
    once(child, 'exit').then(([code]) => {
      throw new Error(`the simulator exited (${String(code)}) before listening`)
    }),
  ])) as [string]
  const url = /^listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(line)?.[1]
  if (!url) throw new Error(`the simulator said "${line}" instead of where it listens`)
  return {
    url,
    apiKey,
    close: async () => {
      if (child.exitCode !== null) return
      const exited = once(child, 'exit')
      child.kill('SIGTERM')
      await exited
    },
  }
}
