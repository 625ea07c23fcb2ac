import type { WalletBalancesView } from '../../../shared/wallets'
import type { Clock } from '../clock'

/** Issue 48, item 2: balances are read every 5 minutes while the window is shown. */
export const WALLET_READ_EVERY_MS = 5 * 60_000

export interface WalletWatchOptions {
  clock: Clock
  /** One reading of every watched wallet (the service and the nodes named). */
  read(): Promise<WalletBalancesView>
  /** After each reading, with the one before it (null at the first). */
  onRead(view: WalletBalancesView, previous: WalletBalancesView | null): void
}

/**
 * When the wallets are read: once at start, then every 5 minutes while the window is shown and
 * updates are not paused (a hidden window or a paused app asks nothing: balances move slowly and
 * each reading sends the wallet's address to the service), at once when the window comes back
 * after a reading fell due, and on demand. One reading at a time: an ask during one shares it.
 */
export class WalletWatch {
  private latest: WalletBalancesView | null = null
  private reading: Promise<WalletBalancesView> | null = null
  private timer: unknown = null
  private running = false
  private active = true

  constructor(private readonly options: WalletWatchOptions) {}

  start(): void {
    this.running = true
    void this.refresh().catch(() => {})
  }

  stop(): void {
    this.running = false
    this.aim()
  }

  /** The window shown and updates not paused (true), or not (false). */
  setActive(active: boolean): void {
    if (active === this.active) return
    this.active = active
    this.aim()
  }

  /** The last reading, or null before the first has answered. */
  current(): WalletBalancesView | null {
    return this.latest
  }

  /** Reads now (on demand); a reading under way is shared. */
  refresh(): Promise<WalletBalancesView> {
    this.reading ??= this.options
      .read()
      .then((view) => {
        const previous = this.latest
        this.latest = view
        this.options.onRead(view, previous)
        return view
      })
      .finally(() => {
        this.reading = null
        this.aim()
      })
    return this.reading
  }

  private aim(): void {
    const { clock } = this.options
    if (this.timer !== null) clock.clearTimeout(this.timer)
    this.timer = null
    if (!this.running || !this.active || this.reading) return
    const due = (this.latest?.asOf ?? clock.now()) + WALLET_READ_EVERY_MS
    this.timer = clock.setTimeout(
      () => {
        this.timer = null
        void this.refresh().catch(() => {})
      },
      Math.max(0, due - clock.now()),
    )
  }
}
