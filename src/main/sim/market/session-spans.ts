import { type SessionInterval, liveSessionOf, sessionStateAt } from '../../../shared/session-clock'

/**
 * Where a span that starts at a session change ends, and which session it is.
 */
interface SpanFrom {
  session: SessionInterval['session']
  until: number
}

/**
 * Session changes remembered past this many: a year of the calendar has about 2,600; a walk back
 * to a listing asks each of them for every candle range of every asset. Past it the memo starts
 * afresh.
 */
const MAX_REMEMBERED_CHANGES = 16_384

/**
 * `sessionIntervals(from, to)` of the shared calendar, the same spans, with each step from a
 * session change remembered: every candle range walks the calendar from its start to now, and all
 * but its first step start at a change the last range met already. Steps are computed as
 * `sessionIntervals` computes them (the state at the span's start and its next change), so the
 * spans are exactly its spans.
 */
export class SessionSpans {
  private readonly from = new Map<number, SpanFrom>()

  between(from: number, to: number): SessionInterval[] {
    const spans: SessionInterval[] = []
    for (let at = from; at < to;) {
      const step = at === from ? this.compute(at) : this.remembered(at)
      const end = Math.min(step.until, to)
      spans.push({ session: step.session, start: at, end })
      at = end
    }
    return spans
  }

  private remembered(at: number): SpanFrom {
    let step = this.from.get(at)
    if (!step) {
      step = this.compute(at)
      if (this.from.size >= MAX_REMEMBERED_CHANGES) this.from.clear()
      this.from.set(at, step)
    }
    return step
  }

  private compute(at: number): SpanFrom {
    const state = sessionStateAt(at)
    return { session: liveSessionOf(state.phase), until: Math.max(state.nextChangeAt, at + 1) }
  }
}
