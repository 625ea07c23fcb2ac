import { afterEach, describe, expect, it, vi } from 'vitest'
import { AppCore } from '../../../src/main/core/app/app-core'
import { PollScheduler } from '../../../src/main/core/feed/poll-scheduler'
import type { LocalPollFeed } from '../../../src/main/core/feed/local-poll-feed'
import { servePollFeed } from '../../../src/main/core/feed/worker/poll-worker-host'
import type { FromPollWorker, ToPollWorker } from '../../../src/main/core/feed/worker/poll-worker-protocol'
import { type PollWorkerThread, WorkerPollFeed } from '../../../src/main/core/feed/worker/worker-poll-feed'
import { MemorySecretStore } from '../../../src/main/core/secrets/secret-store'
import { simDemoMarket } from '../../../src/main/sim/server/demo-market'
import { ENDPOINT_NAMES } from '../../../src/shared/status'
import { cleanupAfterEach } from '../../support/cleanups'
import { manualClock } from '../../support/manual-clock'
import { until } from '../../support/polls'

/**
 * How far the machine's sleep travels before the polls stop, and its wake before they start again
 * (docs/architecture.md, "Suspend and resume"): from AppCore.setSuspended, the shell's power-monitor
 * handler, to the PollScheduler whose timers are cancelled, one hop per object the call passes.
 * The app's WorkerPollFeed is used as it is, with the worker's host on this thread behind a channel
 * that hands each message on at once, so one call stack shows the whole way; every scheduler's
 * setPaused records the source files its call came through.
 */

const { cleanups, tempDir } = cleanupAfterEach('tokenwatch-suspend-hops-')
const TUESDAY_MS = Date.UTC(2026, 10, 24, 15, 32, 10) // a Tuesday, 10:32:10 ET: the market is open

afterEach(() => {
  vi.restoreAllMocks()
})

/** The worker's end of the channel on this thread: the real host (servePollFeed) behind it. */
function workerOnThisThread(clock: ReturnType<typeof manualClock>) {
  const hosts: LocalPollFeed[] = []
  const thread = (): PollWorkerThread => {
    const listeners = { message: [] as Array<(message: FromPollWorker) => void> }
    let hostListener: ((message: ToPollWorker) => void) | null = null
    hosts.push(
      servePollFeed(
        {
          // The worker's messages to the main thread arrive a turn later, as a real port's do.
          postMessage: (message) =>
            queueMicrotask(() => {
              for (const listener of listeners.message) listener(structuredClone(message))
            }),
          on: (_event, listener) => {
            hostListener = listener
          },
        },
        { clock: clock.scheduler },
      ),
    )
    const end: PollWorkerThread = {
      // The main thread's messages reach the host at once: the stack shows who sent each.
      postMessage: (message) => hostListener?.(structuredClone(message)),
      on: (event: string, listener: never) => {
        if (event === 'message') listeners.message.push(listener)
        return end
      },
      terminate: async () => 0,
    }
    return end
  }
  /** The host the first message started (a restarted worker would start another). */
  const host = (): LocalPollFeed => {
    if (!hosts[0]) throw new Error('no message has reached the worker yet')
    return hosts[0]
  }
  return { thread, host }
}

/** Each call of a scheduler's setPaused: its arguments and the source files it came through. */
function recordSchedulerPauses() {
  const calls: Array<{ reason: string; paused: boolean; way: string[] }> = []
  const setPaused = PollScheduler.prototype.setPaused
  const limit = Error.stackTraceLimit
  Error.stackTraceLimit = 100
  cleanups.push(() => {
    Error.stackTraceLimit = limit
  })
  vi.spyOn(PollScheduler.prototype, 'setPaused').mockImplementation(function (this: PollScheduler, ...args) {
    calls.push({ reason: args[0], paused: args[1], way: wayOf(new Error().stack ?? '') })
    setPaused.apply(this, args)
  })
  return calls
}

/**
 * The files of src/main/core a stack passed, outermost first, from AppCore on, each object once
 * however many of its own methods it went through, and the scheduler at the end.
 */
function wayOf(stack: string): string[] {
  const files = stack
    .split('\n')
    .map((line) => /src\/main\/core\/([\w/.-]+\.ts)/.exec(line)?.[1])
    .filter((file): file is string => file !== undefined)
    .reverse()
  const fromCore = files.slice(files.indexOf('app/app-core.ts'))
  const objects = fromCore.filter((file, index) => file !== fromCore[index - 1])
  return [...objects, 'feed/poll-scheduler.ts']
}

async function startedCore() {
  const clock = manualClock(TUESDAY_MS)
  const worker = workerOnThisThread(clock)
  const core = new AppCore({
    userDataDir: tempDir(),
    keychain: new MemorySecretStore(),
    demo: simDemoMarket({ assets: 20, seed: 11 }),
    clock: clock.scheduler,
    pollFeed: (events) => new WorkerPollFeed(events, { script: 'poll-worker.js', thread: worker.thread }),
  })
  cleanups.push(() => core.stop())
  await core.start()
  return { core, clock, host: worker.host() }
}

/** When the worker's price scheduler polls each endpoint next (null: not planned). */
function nextPolls(host: LocalPollFeed): Array<number | null> {
  const { endpoints } = host.status()
  return ENDPOINT_NAMES.map((name) => endpoints[name].nextPollAt)
}

const PRICES_WAY = [
  'app/app-core.ts', // AppCore.setSuspended, the power monitor's handler
  'feed/worker/worker-poll-feed.ts', // the channel's main end: kept for a restarted worker, posted
  'feed/worker/poll-worker-host.ts', // the channel's worker end: the message handed to the scheduler
  'feed/poll-scheduler.ts', // the pause reason added: its timers cancelled, its requests aborted
]
const SERVICE_WAY = [
  'app/app-core.ts',
  // The market status and asset pauses' own scheduler, and the capacity watch beside it.
  'service-status/service-status-link.ts',
  'feed/poll-scheduler.ts',
]

describe('suspend and resume', () => {
  it('reach the price scheduler in three hops from AppCore, the service status in two', async () => {
    const { core, host } = await startedCore()
    expect(nextPolls(host)).toEqual([TUESDAY_MS, TUESDAY_MS, TUESDAY_MS])
    const calls = recordSchedulerPauses()

    core.setSuspended(true)
    expect(calls).toEqual([
      { reason: 'suspend', paused: true, way: PRICES_WAY },
      { reason: 'suspend', paused: true, way: SERVICE_WAY },
    ])
    expect(host.status().pauseReasons).toEqual(['suspend'])
    expect(nextPolls(host)).toEqual([null, null, null])
    // The price stream follows the scheduler (its onActivity), not a call of its own.
    expect(host.status().plan.stream?.state).toBe('paused')
    await until(() => core.status().connection === 'paused', 'the app saying it is paused')

    calls.length = 0
    core.setSuspended(false)
    expect(calls).toEqual([
      { reason: 'suspend', paused: false, way: PRICES_WAY },
      { reason: 'suspend', paused: false, way: SERVICE_WAY },
    ])
    expect(host.status().pauseReasons).toEqual([])
    expect(nextPolls(host)).toEqual([TUESDAY_MS, TUESDAY_MS, TUESDAY_MS])
    expect(host.status().plan.stream?.state).not.toBe('paused')
    await until(() => core.status().connection !== 'paused', 'the app no longer paused')
  })
})
