import v8 from 'node:v8'
import vm from 'node:vm'
import type { FaultPlan } from '../../src/main/sim/server/faults'
import {
  type SimEndpoint,
  type SimOutcome,
  type SimServer,
  startSimServer,
} from '../../src/main/sim/server/server'
import type { WarpClock } from './warp-clock'

/** What a chaos run keeps an eye on besides the desks: the simulator, the process, the heap. */

/** The simulator of a run, across kills and restarts on the same port, with its stats added up. */
export class SimHost {
  private sim: SimServer | null = null
  requests = 0
  readonly outcomes: Partial<Record<SimOutcome, number>> = {}

  constructor(
    private readonly options: {
      apiKey: string
      assets: number
      seed: number
      clock: WarpClock
      onSend: (endpoint: SimEndpoint, body: unknown) => void
    },
  ) {}

  /** Port 0 the first time; the same port again after a kill. */
  async start(port: number): Promise<SimServer> {
    const { apiKey, assets, seed, clock, onSend } = this.options
    const sim = await clock.during(() =>
      startSimServer({ apiKey, port, assets, seed, clock: () => clock.now(), onSend }),
    )
    this.sim = sim
    return sim
  }

  setFaults(plan: FaultPlan): void {
    this.sim?.setFaults(plan)
  }

  /** Stops it as a crash would: every connection dropped, hung requests included. */
  async kill(): Promise<void> {
    const dying = this.sim
    this.sim = null
    if (!dying) return
    const stats = dying.stats()
    this.requests += stats.total
    for (const [outcome, count] of Object.entries(stats.byOutcome) as [SimOutcome, number][])
      this.outcomes[outcome] = (this.outcomes[outcome] ?? 0) + count
    await this.options.clock.during(() => dying.close())
  }
}

/** Counts what would take the app down: uncaught exceptions and unhandled rejections. */
export class ProcessWatch {
  readonly crashes: string[] = []
  readonly unhandled: string[] = []
  private readonly onException = (error: unknown) => this.crashes.push(String(error))
  private readonly onRejection = (reason: unknown) => this.unhandled.push(String(reason))

  install(): void {
    process.on('uncaughtException', this.onException)
    process.on('unhandledRejection', this.onRejection)
  }

  remove(): void {
    process.off('uncaughtException', this.onException)
    process.off('unhandledRejection', this.onRejection)
  }
}

/**
 * The heap after a full GC, sampled at phase boundaries once the run has warmed up. Caches (a
 * serialised all-assets answer, a connection's buffers) come and go between samples; a leak raises
 * the floor, so growth compares the lowest sample of the later half with that of the earlier half.
 */
export class HeapSampler {
  private readonly samples: number[] = []
  private readonly gc: () => void

  constructor() {
    // global.gc without --expose-gc on the command line.
    v8.setFlagsFromString('--expose-gc')
    this.gc = vm.runInNewContext('gc') as () => void
  }

  sample(): void {
    this.gc()
    this.gc()
    this.samples.push(process.memoryUsage().heapUsed)
  }

  count(): number {
    return this.samples.length
  }

  /** The lowest heap of each half of the samples, or null with fewer than four. */
  floors(): { early: number; late: number } | null {
    if (this.samples.length < 4) return null
    const half = Math.floor(this.samples.length / 2)
    return { early: Math.min(...this.samples.slice(0, half)), late: Math.min(...this.samples.slice(half)) }
  }
}
