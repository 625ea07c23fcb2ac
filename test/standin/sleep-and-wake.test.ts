import { describe, it } from 'vitest'
import { type StandinApp, standinFixture } from './standin-app'

/**
 * The machine's sleep and waking on the built app: the stand-in's power monitor emits `suspend`
 * and `resume` as the OS would, and the window says what became of the prices. The call's way from
 * AppCore to the poll worker's scheduler is test/core/app/suspend-hops.test.ts's.
 */

const fixture = standinFixture()

/** The footer's word for where prices come from: Streaming, Polling or Paused. */
function liveWord(app: StandinApp): Promise<string | null> {
  return app.evaluate(() => document.querySelector('.status-live')?.textContent ?? null)
}

describe('sleep and wake on the stand-in', { timeout: 180_000 }, () => {
  it('pauses the polls and the demo stream while the machine sleeps, and resumes on waking', async () => {
    const app = await fixture.start()
    await app.pageLoaded()
    await app.waitFor({ css: '[role="row"][data-symbol] .cell-price .num' })
    await app.waitUntil(
      () => liveWord(app),
      (word) => word === 'Streaming',
      'the demo stream',
    )

    await app.request('powerMonitor', { event: 'suspend' })
    await app.waitUntil(
      () => liveWord(app),
      (word) => word === 'Paused',
      'the footer to say Paused while asleep',
    )

    await app.request('powerMonitor', { event: 'resume' })
    await app.waitUntil(
      () => liveWord(app),
      (word) => word === 'Streaming',
      'the demo stream back after waking',
    )
  })
})
