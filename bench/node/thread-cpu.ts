import { readdirSync, readFileSync } from 'node:fs'

/**
 * CPU time of this process's threads, by the name Linux gives each (`MainThread`, `WorkerThread`
 * for a worker_threads worker, `V8Worker` for V8's garbage-collection and compiler helpers), so
 * that a benchmark of the whole process can say where its time went. Read from /proc in clock
 * ticks (10 ms); empty where /proc is not Linux's.
 */
export type ThreadCpu = Map<string, number>

const TICK_MS = 10

export function threadCpuMs(): ThreadCpu {
  const byName: ThreadCpu = new Map()
  let tasks: string[]
  try {
    tasks = readdirSync('/proc/self/task')
  } catch {
    return byName
  }
  for (const task of tasks) {
    try {
      const name = readFileSync(`/proc/self/task/${task}/comm`, 'utf8').trim()
      const stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8')
      // Fields after the name's closing parenthesis; utime and stime are the 12th and 13th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      const ms = (Number(fields[11]) + Number(fields[12])) * TICK_MS
      byName.set(name, (byName.get(name) ?? 0) + ms)
    } catch {
      // A thread that ended between the listing and the read.
    }
  }
  return byName
}

/** "MainThread 50 ms, WorkerThread 160 ms, …" for the time spent between two readings. */
export function describeThreadCpu(before: ThreadCpu, after: ThreadCpu): string {
  const spent = [...after].map(([name, ms]) => [name, ms - (before.get(name) ?? 0)] as const)
  return spent
    .filter(([, ms]) => ms > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([name, ms]) => `${name} ${ms} ms`)
    .join(', ')
}
