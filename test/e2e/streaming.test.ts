import { describe, expect, it } from 'vitest'
import { rowOf } from './harness'
import { SATURDAY } from './layout-screenshots'
import { startLiveHarness, type LiveHarness } from './live-sim'
import { harnessPerTest } from './per-test'

/**
 * The built renderer over a real AppCore streaming from the simulator's gRPC port, at fixed market
 * times: the freshness line says which source is live, in full wide and by its name narrow, and
 * the rows move with the stream; a service without streams is polled and the line says why.
 */

const harnesses = harnessPerTest<LiveHarness>()

describe('the freshness line says where prices come from', () => {
  it(
    'streaming on a Tuesday morning: "Live: streaming since", rows ' + 'moving, no per-symbol price polls',
    async () => {
      const harness = await harnesses.open((browser) => startLiveHarness({ browser, stream: true }))
      const { page, sim } = harness
      await expect
        .poll(() => page.locator('.status-cadence').textContent())
        .toMatch(/^Live: streaming since \d{1,2}:\d{2}:\d{2}/)
      const polled = sim.stats().byEndpoint.price
      const price = rowOf(page, 'AAPLon').locator('.cell-price')
      const before = await price.textContent()
      await expect.poll(() => price.textContent(), { timeout: 30_000 }).not.toBe(before)
      expect(sim.stats().byEndpoint.price).toBe(polled)
    },
  )

  it(
    'polling on a Saturday against a service without streams: the ' + 'line says so once, with the reason',
    async () => {
      const harness = await harnesses.open((browser) =>
        startLiveHarness({
          browser,
          marketTime: SATURDAY,
          stream: true,
          viewport: { width: 390, height: 700 },
        }),
      )
      const { page, sim } = harness
      sim.setSpecOnly(true)
      // The stream in place goes on until it fails; a reconnect (a changed setting) meets the refusal.
      await harness.core.invoke('updateSettings', {
        streamAddress: `localhost:${sim.grpcAddress?.split(':')[1]}`,
      })
      const narrow = page.locator('.status-live')
      await expect
        .poll(() => narrow.getAttribute('title'))
        .toMatch(/^Live: polling every 5 s since .+; streaming not available: the service has no streams$/)
      expect(await narrow.textContent()).toBe('Polling')
      expect(await narrow.isVisible()).toBe(true)
    },
  )
})
