import type { Alert } from '../../../shared/alerts'
import { depthAlertSymbols } from '../alerts/depth-alerts'

/**
 * The symbols of the one held depth stream: the held ones (their value at the bids) and those an
 * enabled depth alert watches, held or not. Told to the feed only when the union changes, so a
 * trade or an alert edit that leaves it as it was does not reopen the call.
 */
export class DepthSymbols {
  private held: readonly string[] = []
  private alerted: readonly string[] = []
  private told = ''

  constructor(private readonly tell: (symbols: string[]) => void) {}

  heldChanged(symbols: readonly string[]): void {
    this.held = symbols
    this.update()
  }

  alertsChanged(alerts: readonly Alert[]): void {
    this.alerted = depthAlertSymbols(alerts)
    this.update()
  }

  private update(): void {
    const union = [...new Set([...this.held, ...this.alerted])].sort()
    if (union.join() === this.told) return
    this.told = union.join()
    this.tell(union)
  }
}
