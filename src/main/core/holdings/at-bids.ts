import type { AtBidsView, BidValue, PositionAtBids } from '../../../shared/at-bids'
import { Dec } from '../../../shared/decimal'
import { depthErrorWords } from '../../../shared/depth'
import { walkLadder } from '../../../shared/depth-walk'
import type { PortfolioUpdate } from '../../../shared/holdings'
import type { SomeCommandHandlers } from '../command-handlers'
import type { HeldDepthUpdate, HeldLadder } from '../feed/stream/held-depth-stream'

/**
 * The held positions valued at their bids: each whole quantity walked down its symbol's latest
 * ladder (the shared walk, decimal.js), summed when every held position has a value. Walked again
 * only when a ladder or a quantity changes (at most once a second per ladder: the held depth
 * stream's push), never on a price tick; the view is pushed only when it changed.
 */

/** What selling `quantity` tokens would fetch on `held`, or why it cannot be said. */
export function bidValueOf(quantity: string, held: HeldLadder | undefined): BidValue {
  if (!held) return { kind: 'none', why: 'no depth yet', receivedAt: null }
  const { ladder, receivedAt } = held
  const walked = walkLadder(ladder, {
    side: 'sell',
    amount: { unit: 'tokens', amount: quantity },
    displayPrice: null,
    fairValue: null,
  })
  if (!walked.ok) {
    const why =
      walked.reason === 'error'
        ? depthErrorWords(walked.message)
        : walked.reason === 'crossed'
          ? 'the ladder is crossed'
          : 'no bids on the ladder'
    return { kind: 'none', why, receivedAt }
  }
  const { walk } = walked
  return walk.exhausted
    ? { kind: 'short', holds: walk.holds, session: ladder.session, receivedAt }
    : { kind: 'value', value: walk.total, session: ladder.session, receivedAt }
}

function missingWords(position: Exclude<PositionAtBids, { kind: 'value' }>): string {
  return position.kind === 'short'
    ? `${position.symbol}: more than its ladder holds`
    : `${position.symbol}: ${position.why}`
}

/** The view of `positions` (in symbol order) with their total, when every one has a value. */
export function atBidsView(
  state: AtBidsView['state'],
  reason: string | null,
  positions: PositionAtBids[],
): AtBidsView {
  let total = new Dec(0)
  let oldestAt: number | null = null
  for (const position of positions) {
    if (position.kind !== 'value')
      return { state, reason, positions, total: null, totalMissing: missingWords(position), oldestAt: null }
    total = total.plus(position.value)
    oldestAt = Math.min(oldestAt ?? position.receivedAt, position.receivedAt)
  }
  return positions.length === 0
    ? { state, reason, positions, total: null, totalMissing: null, oldestAt: null }
    : { state, reason, positions, total: total.toFixed(), totalMissing: null, oldestAt }
}

export interface HeldQuantity {
  symbol: string
  quantity: string
}

export class AtBidsTracker {
  private state: AtBidsView['state'] = 'off'
  private reason: string | null = 'not connected'
  private ladders = new Map<string, HeldLadder>()
  private quantities = new Map<string, string>()
  private values = new Map<string, PositionAtBids>()
  private view: AtBidsView | null = null

  constructor(
    private readonly push: (view: AtBidsView) => void,
    /** The symbols whose ladders are to stream (the held ones), told whenever they change. */
    private readonly streamSymbols: (symbols: string[]) => void,
  ) {}

  /** The positions as the ledger has them now (sold-out ones, quantity "0", left out). */
  positionsChanged(positions: readonly HeldQuantity[]): void {
    const held = new Map(
      positions.filter((position) => !new Dec(position.quantity).isZero()).map((p) => [p.symbol, p.quantity]),
    )
    const sameSymbols =
      held.size === this.quantities.size && [...held.keys()].every((s) => this.quantities.has(s))
    const moved = [...held].filter(([symbol, quantity]) => this.quantities.get(symbol) !== quantity)
    if (sameSymbols && moved.length === 0) return
    this.quantities = held
    for (const symbol of [...this.values.keys()]) if (!held.has(symbol)) this.values.delete(symbol)
    for (const symbol of [...this.ladders.keys()]) if (!held.has(symbol)) this.ladders.delete(symbol)
    for (const [symbol] of moved) this.revalue(symbol)
    if (!sameSymbols) this.streamSymbols([...held.keys()].sort())
    this.publish()
  }

  /** The held depth stream's push: its state and the ladders that came since the last. */
  depthUpdate(update: HeldDepthUpdate): void {
    this.state = update.state
    this.reason = update.reason
    for (const held of update.ladders) {
      if (!this.quantities.has(held.ladder.symbol)) continue
      this.ladders.set(held.ladder.symbol, held)
      this.revalue(held.ladder.symbol)
    }
    this.publish()
  }

  current(): AtBidsView {
    return this.view ?? this.build()
  }

  private revalue(symbol: string): void {
    const quantity = this.quantities.get(symbol)
    if (quantity !== undefined)
      this.values.set(symbol, { symbol, ...bidValueOf(quantity, this.ladders.get(symbol)) })
  }

  private build(): AtBidsView {
    // Every held symbol has its value: positionsChanged values each one it adds.
    const positions = [...this.values.values()].sort((a, b) => (a.symbol < b.symbol ? -1 : 1))
    return atBidsView(this.state, this.reason, positions)
  }

  private publish(): void {
    const view = this.build()
    if (this.view !== null && JSON.stringify(view) === JSON.stringify(this.view)) return
    this.view = view
    this.push(view)
  }
}

/** The core's parts the values at the bids come from (no room imports app/). */
export interface AtBidsParts {
  /** Told the held symbols whenever they change, so that their depth is streamed. */
  heldChanged(symbols: readonly string[]): void
  events: {
    emit(event: 'atBids', view: AtBidsView): void
    on(event: 'portfolio', listener: (update: PortfolioUpdate) => void): unknown
  }
}

/**
 * The tracker wired to the portfolio's pushes (the quantities held) and to whoever streams the held
 * symbols' depth (told which symbols are held); its views go out as the `atBids` event. The feed's
 * `onHeldDepth` is handed to `depthUpdate` by whoever built the feed.
 */
export function trackAtBids(parts: AtBidsParts): AtBidsTracker {
  const tracker = new AtBidsTracker(
    (view) => parts.events.emit('atBids', view),
    (symbols) => parts.heldChanged(symbols),
  )
  parts.events.on('portfolio', (update) => tracker.positionsChanged(update.positions))
  return tracker
}

/** What the window asks of the values at the bids (the `getAtBids` channel). */
export interface AtBidsCommandContext {
  atBids: Pick<AtBidsTracker, 'current'>
}

export function atBidsCommands(context: AtBidsCommandContext): SomeCommandHandlers<'getAtBids'> {
  return { getAtBids: async () => context.atBids.current() }
}
