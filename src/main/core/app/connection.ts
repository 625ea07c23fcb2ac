import { randomBytes } from 'node:crypto'
import type { SnapshotSource } from '../../../shared/domain'
import type { Settings, SettingsPatch } from '../../../shared/settings'
import { STREAMING_OFF } from '../../../shared/stream-setting'
import type { PollFeed } from '../feed/poll-feed'
import type { KeyVault } from '../secrets/key-vault'
import type { SettingsFile } from '../storage/settings-file'

/** A running simulated service (demo mode): where it answers, and how to stop it. */
export interface DemoService {
  readonly url: string
  /** Its gRPC streams' `127.0.0.1:PORT`, or null when it serves none. */
  readonly grpcAddress?: string | null
  close(): Promise<void>
}

/**
 * Starts the simulated market of demo mode, accepting only `apiKey`. The shell and the CLI hand one
 * in (src/main/sim/server/demo-market.ts); the core never imports the simulator, so a build or a test can
 * run the core against any service, or with no demo at all.
 */
export interface DemoMarket<Demo extends DemoService = DemoService> {
  start(apiKey: string): Promise<Demo>
}

export interface ConnectionOptions<Demo extends DemoService> {
  settings: SettingsFile
  vault: KeyVault
  feed: PollFeed
  demo?: DemoMarket<Demo>
  requestTimeoutMs?: number
  /** The requests' user agent (ApiClientOptions.userAgent). */
  userAgent?: string
  /** A settings change the connection makes itself (demo 'auto' -> 'off'): saved and told. */
  settingsChanged: (patch: SettingsPatch) => Promise<Settings>
}

/**
 * Which service the feed polls, with which key: the configured service when a key is stored for
 * it; without one, the demo market if the demo setting allows it (and one was handed in), else the
 * service all the same, which then reports the missing key (the banner says "No API key for HOST"
 * and offers to add one).
 *
 * Changes (start, a key, a base URL, stop) run one at a time: two overlapping ones would each start
 * a simulator or client, and the one overwritten would never be closed.
 */
export class Connection<Demo extends DemoService = DemoService> {
  private queue: Promise<void> = Promise.resolve()
  /** Set by stop(): a change still arriving must not start anything. */
  private stopped = false
  private demoService: Demo | null = null
  private current: SnapshotSource = { baseUrl: '', demo: true }
  /** The key the feed was last given (the user's, or the demo's own), for the sinks to withhold. */
  private key: string | null = null

  constructor(private readonly options: ConnectionOptions<Demo>) {}

  /** What the feed polls now: shown in the status and kept with every snapshot. */
  keyInUse(): string | null {
    return this.key
  }

  source(): SnapshotSource {
    return this.current
  }

  /** The demo market's running service, or null outside demo mode. */
  demo(): Demo | null {
    return this.demoService
  }

  /** Connects for a (re)started core. */
  start(): Promise<void> {
    this.stopped = false
    return this.connect()
  }

  /** Connects again after the key or the base URL changed; does nothing once stopped. */
  connect(): Promise<void> {
    return this.serialized(() => this.connectNow())
  }

  /** Runs `last` after every pending change, then closes the demo service; nothing starts after. */
  stop(last: () => Promise<void>): Promise<void> {
    this.stopped = true
    return this.serialized(async () => {
      await last()
      await this.closeDemo()
    })
  }

  private serialized(change: () => Promise<void>): Promise<void> {
    const run = this.queue.then(change)
    this.queue = run.catch(() => {})
    return run
  }

  private async connectNow(): Promise<void> {
    if (this.stopped) return
    const { settings: settingsFile, vault, feed, demo, requestTimeoutMs: timeoutMs, userAgent } = this.options
    let settings = settingsFile.get()
    const key = await vault.get(settings.baseUrl)
    // A key stored for the chosen service means the user chose a live one: from now on a base URL
    // without a key says so instead of quietly showing simulated prices.
    if (key !== null && settings.demo === 'auto')
      settings = await this.options.settingsChanged({ demo: 'off' })
    await this.closeDemo()
    if (key !== null || settings.demo === 'off' || !demo) {
      this.current = { baseUrl: settings.baseUrl, demo: false }
      this.key = key
      feed.connect({
        ...this.current,
        apiKey: key,
        timeoutMs,
        userAgent,
        streamAddress: settings.streamAddress,
      })
      return
    }
    // Demo mode: a fresh random key for a simulator only this process knows about.
    const demoKey = randomBytes(24).toString('hex')
    this.demoService = await demo.start(demoKey)
    this.current = { baseUrl: this.demoService.url, demo: true }
    this.key = demoKey
    // The demo market streams from its own loopback gRPC port unless streaming is turned off.
    const streamAddress =
      settings.streamAddress === STREAMING_OFF ? STREAMING_OFF : (this.demoService.grpcAddress ?? '')
    feed.connect({ ...this.current, apiKey: demoKey, timeoutMs, userAgent, streamAddress })
  }

  private async closeDemo(): Promise<void> {
    await this.demoService?.close()
    this.demoService = null
  }
}
