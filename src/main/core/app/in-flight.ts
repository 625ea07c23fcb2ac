/**
 * The commands still running, so that stopping waits for them: a settings or ledger write the
 * window asked for just before quitting finishes (and releases its lock) before the app ends,
 * instead of writing into a folder that is being closed. The wait is bounded: a command waiting
 * on the network is not worth holding a quit for.
 */
export class InFlight {
  private readonly running = new Set<Promise<unknown>>()

  /** Returns `work` itself, remembered until it settles. */
  track<T>(work: Promise<T>): Promise<T> {
    this.running.add(work)
    const forget = () => this.running.delete(work)
    work.then(forget, forget)
    return work
  }

  /** Resolves once every tracked command has settled, or after `withinMs`, whichever is first. */
  async settled(withinMs: number): Promise<void> {
    if (this.running.size === 0) return
    let timer: NodeJS.Timeout | undefined
    const givenUp = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, withinMs)
    })
    try {
      await Promise.race([Promise.allSettled([...this.running]), givenUp])
    } finally {
      clearTimeout(timer)
    }
  }
}
