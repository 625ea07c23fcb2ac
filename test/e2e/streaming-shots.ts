import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { launchBrowser } from './harness'
import { NARROW_AND_WIDE, SATURDAY } from './layout-screenshots'
import { startLiveHarness, TUESDAY_LATE_MORNING } from './live-sim'

/**
 * The freshness line streaming and polling (a service without streams), narrow and wide, on a
 * fixed Tuesday morning and a fixed Saturday:
 * `npx tsx test/e2e/streaming-shots.ts` writes docs/screenshots/streaming/*.png.
 */
const OUT = join(__dirname, '..', '..', 'docs', 'screenshots', 'streaming')

async function main(): Promise<void> {
  await mkdir(OUT, { recursive: true })
  const browser = await launchBrowser()
  try {
    for (const [day, marketTime] of [
      ['tuesday', TUESDAY_LATE_MORNING],
      ['saturday', SATURDAY],
    ] as const)
      for (const [name, width] of NARROW_AND_WIDE)
        for (const source of ['streaming', 'polling'] as const) {
          const harness = await startLiveHarness({
            browser,
            marketTime,
            stream: true,
            viewport: { width, height: 560 },
          })
          try {
            const { page, sim } = harness
            if (source === 'polling') {
              sim.setSpecOnly(true)
              await harness.core.invoke('updateSettings', {
                streamAddress: `localhost:${sim.grpcAddress?.split(':')[1]}`,
              })
            }
            const line = width < 500 ? page.locator('.status-live') : page.locator('.status-cadence')
            const wanted = source === 'streaming' ? /streaming since/ : /streaming not available/
            await page.waitForFunction(
              ([selector, pattern]) =>
                new RegExp(pattern).test(
                  document.querySelector(selector)?.getAttribute('title') ??
                    document.querySelector(selector)?.textContent ??
                    '',
                ),
              [width < 500 ? '.status-live' : '.status-cadence', wanted.source] as const,
              { timeout: 30_000 },
            )
            await line.waitFor()
            await page.evaluate(() => document.getAnimations().forEach((animation) => animation.pause()))
            await page.screenshot({ path: join(OUT, `${source}-${day}-${name}.png`) })
            console.log(`wrote ${source}-${day}-${name}.png`)
          } finally {
            await harness.close()
          }
        }
  } finally {
    await browser.close()
  }
}

void main()
