import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { createInterface } from 'node:readline'
import { median } from '../report'

/** How the benchmarks' own processes and workers run TypeScript: tsx's CommonJS hook, in-thread
 * (its ESM hook would start a module-hooks thread whose CPU would be counted as the core's). */
export const RUN_TYPESCRIPT = ['--require', 'tsx/cjs']

/**
 * The environment of those processes. tsx compiles through esbuild's synchronous API, which by
 * default keeps a worker thread of its own for the life of the process, waking every second or
 * so: 40-230 ms of CPU a minute measured here, which a benchmark of the process's CPU would count
 * as the app's. With this switch esbuild compiles (once; tsx caches) in a child process instead
 * and leaves no thread behind.
 */
export const TYPESCRIPT_ENV = { ...process.env, ESBUILD_WORKER_THREADS: '0' }

/**
 * A measurement in a process of its own, started for it: nothing the benchmark did before (the
 * other suites' garbage, a heap they grew and V8 shrinks later) lands inside it, as nothing does
 * in the app's freshly started main process. The child is `script` (see answerFromFreshProcess),
 * given `request` as JSON; it reports progress lines and one result on stdout.
 */
export async function runInFreshProcess<T>(
  script: string,
  request: unknown,
  log: (line: string) => void,
): Promise<T> {
  const child = spawn(process.execPath, [...RUN_TYPESCRIPT, script, JSON.stringify(request)], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: TYPESCRIPT_ENV,
  })
  const exited = once(child, 'exit')
  let result: { value: T } | null = null
  for await (const line of createInterface({ input: child.stdout })) {
    const message = JSON.parse(line) as { log?: string; result?: T }
    if (message.log !== undefined) log(message.log)
    if (message.result !== undefined) result = { value: message.result }
  }
  const [code] = (await exited) as [number | null]
  if (code !== 0 || !result) throw new Error(`${script} ended (${String(code)}) without a result`)
  return result.value
}

/** The child's side: runs `measure` on the request it was given and reports as runInFreshProcess reads. */
export function answerFromFreshProcess<R, T>(
  measure: (request: R, log: (line: string) => void) => Promise<T>,
) {
  const say = (message: { log: string } | { result: T }) =>
    process.stdout.write(`${JSON.stringify(message)}\n`)
  const request = JSON.parse(process.argv[2] ?? 'null') as R
  void measure(request, (line) => say({ log: line })).then(
    (result) => {
      say({ result })
      process.exit(0)
    },
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
      process.exit(1)
    },
  )
}

/** The median of `runs` timings, each from a fresh process running `child` with `request`; all logged. */
export async function medianOfFreshRuns(
  child: string,
  request: object,
  runs: number,
  label: string,
  log: (line: string) => void,
): Promise<number> {
  const timings: number[] = []
  for (let run = 0; run < runs; run++) timings.push(await runInFreshProcess<number>(child, request, log))
  log(`${label}: ${timings.map((ms) => ms.toFixed(1)).join(', ')} ms`)
  return median(timings)
}
