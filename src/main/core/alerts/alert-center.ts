import type { ValuedPosition } from '../../../shared/holdings'
import type { AlertFiring, AlertLogEntry } from '../../../shared/alerts'
import { type Snapshot, type SnapshotSource, sameServiceAs } from '../../../shared/domain'
import { type AlertStates, assetsBySymbolOf, evaluateAlerts, nextAlertCheckAt } from './alert-engine'
import { AlertLog, AlertsFile } from './alerts-file'
import { type KnownPauses, MULTIPLIER_PAUSE_GRACE_MS, NO_KNOWN_PAUSES, pauseKey } from './pause-alerts'
import type { AssetPauseReading, MarketReading } from '../../../shared/service-status'
import { type Clock, realClock } from '../clock'
import type { HeldDepthUpdate } from '../feed/stream/held-depth-stream'
import { type DepthKnown, depthAlertSymbols, idleDepthAlerts, NO_DEPTH_YET } from './depth-alerts'

/**
 * Alerts in main: evaluated on every snapshot change and, for session and stale alerts, on one
 * timer aimed at the next moment one could fire. So they fire while the window is hidden.
 * Engine state (which side of a level a price was on) lives in memory only: after a restart the
 * first observation never fires, so no stale crossing is announced. It belongs to one service:
 * switching between the simulator and a real one (or another base URL) starts every alert afresh,
 * since the two services' prices are not one series and a "crossing" between them never happened.
 */

export interface AlertCenterOptions {
  userDataDir: string
  clock?: Clock
  /** Called for each firing, after it is in the log (the shell shows a desktop notification). */
  onFired: (entry: AlertLogEntry, unreadAlerts: number) => void
  /** Main's positions by symbol, for the value and P&L % alerts (evaluated with the same quotes). */
  positions?: () => ReadonlyMap<string, ValuedPosition>
  /** The unread count changed from zero to some or back (the tray shows a dot). */
  onUnreadChange: (unreadAlerts: number) => void
  /** The depth alerts that cannot fire now changed (by id, why: "no depth: market closed"). */
  onIdleChange?: (idle: Record<string, string>) => void
}

export class AlertCenter {
  readonly file: AlertsFile
  readonly log: AlertLog
  private readonly clock: Clock
  private states: AlertStates = {}
  /** The service the states were observed on. */
  private statesSource: SnapshotSource | null = null
  private timer: unknown = null
  private latest: Snapshot | null = null
  private evaluating: Promise<void> = Promise.resolve()
  private pauses: KnownPauses = NO_KNOWN_PAUSES
  /** The service's market reading as last told; null before the first (the calendar alone). */
  private market: MarketReading | null = null
  /** The held depth stream's state and the latest ladder of each depth alert's symbol. */
  private depth: DepthKnown = NO_DEPTH_YET
  private idle: Record<string, string> = {}

  constructor(private readonly options: AlertCenterOptions) {
    this.clock = options.clock ?? realClock
    this.file = new AlertsFile(options.userDataDir, { now: () => this.clock.now() })
    this.log = new AlertLog(options.userDataDir, { now: () => this.clock.now() })
  }

  async load(): Promise<void> {
    await this.file.load()
    await this.log.load()
  }

  problem(): string | null {
    return this.file.problem() ?? this.log.problem()
  }

  /** Evaluates against a new snapshot. Evaluations run one after another, never interleaved. */
  evaluate(snapshot: Snapshot): Promise<void> {
    this.latest = snapshot
    this.evaluating = this.evaluating.then(() => this.runEvaluation()).catch(() => {})
    return this.evaluating
  }

  /** After alerts were created, edited or removed; `current` is the snapshot now. */
  alertsChanged(current: Snapshot): void {
    void this.evaluate(current)
  }

  /**
   * What the service says now: the market (its reading, or the calendar's where it has none or
   * it is too old; the session alerts follow it) and the asset pauses as last answered (null: not
   * known). Pauses announcing a multiplier change are kept a while after they leave the answer
   * (the service lists only active and upcoming ones), so a change seen just after its pause
   * still says it came with it.
   */
  serviceStatusChanged(
    { market, pauses: current }: { market: MarketReading; pauses: readonly AssetPauseReading[] | null },
    snapshot: Snapshot,
  ): void {
    this.market = market
    const now = this.clock.now()
    const kept = new Map(this.pauses.multiplierPauses.map((pause) => [pauseKey(pause), pause]))
    for (const pause of current ?? []) if (pause.updateSharesMultiplier) kept.set(pauseKey(pause), pause)
    const listed = new Set((current ?? []).map(pauseKey))
    const multiplierPauses = [...kept.entries()]
      .filter(([key, pause]) =>
        pause.end === null ? listed.has(key) : now < pause.end + MULTIPLIER_PAUSE_GRACE_MS,
      )
      .map(([, pause]) => pause)
    this.pauses = { current, multiplierPauses }
    if (this.file.list().length > 0) void this.evaluate(snapshot)
  }

  /**
   * The held depth stream's push (at most once a second): its state and the ladders since the
   * last. A stream that stopped keeps no ladder (old depth is no observation); the depth alerts
   * are judged on the latest snapshot's evaluation.
   */
  depthUpdate(update: HeldDepthUpdate, snapshot: Snapshot | null): void {
    const watched = new Set(depthAlertSymbols(this.file.list()))
    const ladders = new Map(update.state === 'streaming' ? this.depth.ladders : [])
    for (const held of update.ladders)
      if (watched.has(held.ladder.symbol)) ladders.set(held.ladder.symbol, held)
    this.depth = { state: update.state, reason: update.reason, ladders }
    if (watched.size > 0 && snapshot) void this.evaluate(snapshot)
    else this.tellIdle()
  }

  /** The enabled depth alerts that cannot fire now, by id, with why. */
  idleAlerts(): Record<string, string> {
    return this.idle
  }

  async markAllRead(): Promise<AlertLogEntry[]> {
    const before = this.log.unreadCount()
    const entries = await this.log.markAllRead()
    if (before > 0) this.options.onUnreadChange(0)
    return entries
  }

  /**
   * Firings that no alert's condition makes (a watched wallet's balance changed): logged and
   * notified as an alert's are.
   */
  announce(fired: AlertFiring[]): Promise<void> {
    return fired.length > 0 ? this.record(fired) : Promise.resolve()
  }

  stop(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer)
    this.timer = null
  }

  private async runEvaluation(): Promise<void> {
    const snapshot = this.latest
    if (!snapshot) return
    const now = this.clock.now()
    const alerts = this.file.list()
    const assets = assetsBySymbolOf(snapshot.assets)
    if (this.statesSource && !sameServiceAs(this.statesSource, snapshot.source)) this.states = {}
    this.statesSource = snapshot.source
    const { fired, states } = evaluateAlerts(alerts, this.states, assets, now, {
      pauses: this.pauses,
      market: this.market,
      positionsBySymbol: this.options.positions?.(),
      depth: this.depth,
    })
    this.states = states
    this.tellIdle()
    if (fired.length > 0) await this.record(fired)
    this.aimTimer(nextAlertCheckAt(alerts, assets, now, this.pauses, this.market))
  }

  private tellIdle(): void {
    const idle = idleDepthAlerts(this.file.list(), this.depth)
    if (JSON.stringify(idle) === JSON.stringify(this.idle)) return
    this.idle = idle
    this.options.onIdleChange?.(idle)
  }

  private async record(fired: AlertFiring[]): Promise<void> {
    const unreadBefore = this.log.unreadCount()
    // The log changes in memory at once; a failed write is reported by problem() and must not
    // swallow the notification.
    await this.log.append(...fired).catch(() => {})
    const unread = this.log.unreadCount()
    for (const firing of fired) this.options.onFired({ ...firing, read: false }, unread)
    if (unreadBefore === 0 && unread > 0) this.options.onUnreadChange(unread)
  }

  private aimTimer(at: number | null): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer)
    this.timer = null
    if (at === null) return
    this.timer = this.clock.setTimeout(
      () => {
        this.timer = null
        if (this.latest) void this.evaluate(this.latest)
      },
      Math.max(0, at - this.clock.now()),
    )
  }
}
