/**
 * Which source the prices come from now, for the freshness line, the tray tooltip and
 * `tokenwatch status`: the stream, or polling (with why streaming is not available and when it is
 * tried again), each since when. Plain data: it crosses the worker and IPC.
 */
export type StreamStatus =
  /** Prices are polled: `reason` says in words why they are not streamed; retryAt null: never tried again. */
  | { state: 'polling'; since: number; reason: string; retryAt: number | null }
  /** A stream is open but has sent nothing yet: prices are still polled. */
  | { state: 'connecting'; since: number }
  /** Prices come from the stream. */
  | { state: 'streaming'; since: number }

export interface StreamDrops {
  /** A bad decimal, an empty or overlong symbol, a timestamp 0, before 2000 or over a minute ahead. */
  malformed: number
  /** A symbol not subscribed. */
  unknown: number
  /** Older than, or the same instant as, the symbol's newest update already taken. */
  outOfOrder: number
}

/** The source prices are live from, as the screen names it. */
export const liveSourceOf = (status: StreamStatus): 'streaming' | 'polling' =>
  status.state === 'streaming' ? 'streaming' : 'polling'

/**
 * The freshness line's words for where prices come from, said once: "Live: streaming since 10:04:12",
 * or "Live: polling every 5 s; streaming not available: the service has no streams". `time` formats
 * an instant in the zone the screen uses; `pricesCadenceMs` is how often prices are polled.
 */
export function liveSourceText(
  status: StreamStatus | undefined,
  pricesCadenceMs: number,
  time: (ms: number) => string,
): string {
  const polling = `Live: polling every ${pricesCadenceMs / 1000} s`
  if (!status) return polling
  if (status.state === 'streaming') return `Live: streaming since ${time(status.since)}`
  if (status.state === 'connecting') return `${polling}; connecting to the stream`
  return `${polling} since ${time(status.since)}; streaming not available: ${status.reason}`
}
