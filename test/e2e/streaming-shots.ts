import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { launchBrowser, rowOf } from './harness'
import { NARROW_AND_WIDE, SATURDAY } from './layout-screenshots'
import { type LiveHarness, startLiveHarness, TUESDAY_LATE_MORNING } from './live-sim'

/**
 * Streaming on screen, on a fixed Tuesday morning and a fixed Saturday: the freshness line
 * streaming, paused (the stream closed with the polls) and polling (a service without streams),
 * at 360, 380 and 1280 px; the Settings dialog's "Streaming address" at 390 and 1280 px, empty
 * under the public service's base URL (the derived address as its placeholder) and refused
 * inline (a URL typed where host:port belongs); the 1D chart's live minute streamed and, without
 * streams, the polled history said so.
 * `npx tsx test/e2e/streaming-shots.ts` writes docs/screenshots/streaming/*.png (`--freshness-only`:
 * the freshness line's alone).
 */
const OUT = join(__dirname, '..', '..', 'docs', 'screenshots', 'streaming')

/** A streaming live harness per fixed day and width, closed after `shoot`. */
async function eachDayAndWidth(
  browser: Browser,
  widths: readonly (readonly [string, number])[],
  height: number,
  shoot: (harness: LiveHarness, day: string, name: string, width: number) => Promise<void>,
): Promise<void> {
  for (const [day, marketTime] of [
    ['tuesday', TUESDAY_LATE_MORNING],
    ['saturday', SATURDAY],
  ] as const)
    for (const [name, width] of widths) {
      const harness = await startLiveHarness({
        browser,
        marketTime,
        stream: true,
        viewport: { width, height },
      })
      try {
        await shoot(harness, day, name, width)
      } finally {
        await harness.close()
      }
    }
}

async function freshnessLine({ page, sim, core }: LiveHarness, day: string, name: string, width: number) {
  for (const source of ['streaming', 'paused', 'polling'] as const) {
    await core.invoke('setPaused', { paused: source === 'paused' })
    if (source === 'polling') {
      sim.setSpecOnly(true)
      await core.invoke('updateSettings', { streamAddress: `localhost:${sim.grpcAddress?.split(':')[1]}` })
    }
    const selector = width < 500 ? '.status-live' : '.status-cadence'
    const wanted = {
      streaming: /streaming since/,
      paused: /^Paused since/,
      polling: /streaming not available/,
    }[source]
    await page.waitForFunction(
      ([selector, pattern]) =>
        new RegExp(pattern).test(
          document.querySelector(selector)?.getAttribute('title') ??
            document.querySelector(selector)?.textContent ??
            '',
        ),
      [selector, wanted.source] as const,
      { timeout: 30_000 },
    )
    await page.evaluate(() => document.getAnimations().forEach((animation) => animation.pause()))
    await page.screenshot({ path: join(OUT, `${source}-${day}-${name}.png`) })
    console.log(`wrote ${source}-${day}-${name}.png`)
  }
}

async function settingsField({ page }: LiveHarness, day: string, _name: string, width: number) {
  // Opened wide, then narrowed as a person drags the window's edge.
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.getByRole('button', { name: 'Settings', exact: true }).click()
  await page.setViewportSize({ width, height: 900 })
  const field = page.getByLabel('Streaming address')
  await field.waitFor()
  // As on the public service: the field empty shows the address it derives.
  await page.getByLabel('Base URL').fill('https://api.gm.ondo.finance')
  await field.fill('')
  await field.scrollIntoViewIfNeeded()
  await page.evaluate(() => document.getAnimations().forEach((animation) => animation.pause()))
  await page.screenshot({ path: join(OUT, `settings-${day}-${width}.png`) })
  await field.fill('https://grpc.gm.ondo.finance')
  await page.getByRole('button', { name: 'Save settings' }).click()
  await page.locator('.field-error').first().waitFor()
  await field.scrollIntoViewIfNeeded()
  await page.screenshot({ path: join(OUT, `settings-refused-${day}-${width}.png`) })
  console.log(`wrote settings-${day}-${width}.png and settings-refused-${day}-${width}.png`)
}

/**
 * The detail's 1D chart with its live minute streamed (a Tuesday's AAPLon, a Saturday's off-hours
 * NVDAon), then a service without streams: the polled history, said so above the chart.
 */
async function dayChart({ page, sim }: LiveHarness, day: string, name: string) {
  await rowOf(page, day === 'tuesday' ? 'AAPLon' : 'NVDAon').click()
  await page.keyboard.press('Enter')
  for (const [state, wanted] of [
    ['streamed', '^Minutes streamed'],
    ['no-streams', 'minutes not streamed'],
  ] as const) {
    // A service without streams answers UNIMPLEMENTED: the chart reopened meets it.
    if (state === 'no-streams') {
      sim.setSpecOnly(true)
      await page.locator('.chart-range-button', { hasText: /^1W$/ }).click()
      await page.locator('.chart-range-button', { hasText: /^1D$/ }).click()
    }
    await page.waitForFunction(
      (pattern) => new RegExp(pattern).test(document.querySelector('.chart-source')?.textContent ?? ''),
      wanted,
      { timeout: 60_000 },
    )
    await page.locator('.detail-chart').scrollIntoViewIfNeeded()
    await page.evaluate(() => document.getAnimations().forEach((animation) => animation.pause()))
    await page.screenshot({ path: join(OUT, `day-chart-${state}-${day}-${name}.png`) })
    console.log(`wrote day-chart-${state}-${day}-${name}.png`)
  }
}

async function main(): Promise<void> {
  await mkdir(OUT, { recursive: true })
  const browser = await launchBrowser()
  try {
    // The freshness line also at 360 px, the narrowest width issue #46 asks its shots at.
    await eachDayAndWidth(browser, [['360', 360], ...NARROW_AND_WIDE], 560, freshnessLine)
    if (process.argv.includes('--freshness-only')) return
    await eachDayAndWidth(
      browser,
      [
        ['narrow', 390],
        ['wide', 1280],
      ],
      900,
      settingsField,
    )
    await eachDayAndWidth(
      browser,
      [
        ['narrow', 390],
        ['wide', 1280],
      ],
      900,
      dayChart,
    )
  } finally {
    await browser.close()
  }
}

void main()
