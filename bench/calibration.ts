import { median } from './report'

/**
 * The contention guard's yardstick: two fixed pieces of work timed before and after each suite, so
 * that a suite measured while the machine was busy with something else can be told apart from one
 * whose code got slower (bench/verdict.ts decides from these readings).
 *
 *  - a CPU loop: a fixed number of xorshift steps on the bench's own thread. Its wall time grows
 *    when other processes take the cores; its thread CPU time is the same loop with the waiting
 *    left out, i.e. what it costs on a core of its own.
 *  - a timer-wakeup loop: a fixed number of short timers one after the other. Its wall time grows
 *    when the operating system is slow to hand the thread a core back after a sleep, which is what
 *    the event-loop, idle and cadence figures depend on.
 * Each loop also gives a reading with the waiting left out (the thread's CPU time; the count times
 * the median wakeup), so that a run on a machine busy from start to end still has a quiet reading
 * to compare with.
 */

export interface Calibration {
  /** Wall time of the CPU loop. */
  cpuMs: number
  /** This thread's CPU time during the same loop. */
  cpuThreadMs: number
  /** Wall time of the timer-wakeup loop. */
  timerMs: number
  /**
   * The timer loop's count times its median wakeup: the same loop with the few late wakeups a busy
   * machine adds taken out (the typical wakeup stays put; the late ones are what contention adds).
   */
  timerTypicalMs: number
}

const CPU_STEPS = 25_000_000
const TIMER_WAKEUPS = 20
const TIMER_DELAY_MS = 2

function cpuLoop(): { cpuMs: number; cpuThreadMs: number } {
  const threadBefore = process.threadCpuUsage()
  const startedAt = performance.now()
  let state = 0x2545f491
  for (let step = 0; step < CPU_STEPS; step++) {
    state ^= state << 13
    state ^= state >>> 17
    state ^= state << 5
  }
  const cpuMs = performance.now() - startedAt
  const thread = process.threadCpuUsage(threadBefore)
  // The state feeds a branch so the engine cannot drop the loop as dead code.
  if (state === 0) throw new Error('xorshift reached zero, which it never does from a non-zero seed')
  return { cpuMs, cpuThreadMs: (thread.user + thread.system) / 1000 }
}

async function timerLoop(): Promise<{ timerMs: number; timerTypicalMs: number }> {
  const wakeups: number[] = []
  const startedAt = performance.now()
  for (let wakeup = 0; wakeup < TIMER_WAKEUPS; wakeup++) {
    const sleptAt = performance.now()
    await new Promise((resolve) => setTimeout(resolve, TIMER_DELAY_MS))
    wakeups.push(performance.now() - sleptAt)
  }
  return { timerMs: performance.now() - startedAt, timerTypicalMs: TIMER_WAKEUPS * median(wakeups) }
}

/** One reading of both loops (about 0.15 s on a quiet core). */
async function readOnce(): Promise<Calibration> {
  const cpu = cpuLoop()
  return { ...cpu, ...(await timerLoop()) }
}

/**
 * Readings taken per calibration; each field of the result is their median. One reading was the
 * guard's whole verdict until 29 November, and a single late wakeup or a stolen slice in its 0.15 s
 * (seen at the start of a run, with the process just up: a timer loop of 105 ms where the same run's
 * others read 41-45, on a host otherwise quiet) marked a whole suite "not judged". A host busy for
 * the length of a suite is busy for most of the five readings, so the median still shows it.
 */
export const READINGS_PER_CALIBRATION = 5

/** The median of each field over several readings (one blip among them does not decide). */
export function medianReading(readings: readonly Calibration[]): Calibration {
  if (readings.length === 0) throw new Error('no calibration readings')
  return {
    cpuMs: median(readings.map((reading) => reading.cpuMs)),
    cpuThreadMs: median(readings.map((reading) => reading.cpuThreadMs)),
    timerMs: median(readings.map((reading) => reading.timerMs)),
    timerTypicalMs: median(readings.map((reading) => reading.timerTypicalMs)),
  }
}

/** Both loops, read READINGS_PER_CALIBRATION times (about 0.8 s on a quiet core). */
export async function calibrate(): Promise<Calibration> {
  // The first pass warms the loop up: until the engine has compiled it, it runs several times slower.
  cpuLoop()
  const readings: Calibration[] = []
  for (let reading = 0; reading < READINGS_PER_CALIBRATION; reading++) readings.push(await readOnce())
  return medianReading(readings)
}
