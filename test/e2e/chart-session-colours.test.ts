import { describe, expect, it } from 'vitest'
import { rowOf } from './harness'
import { startLiveHarness, type LiveHarness } from './live-sim'
import { harnessPerTest } from './per-test'

/**
 * The chart says what it draws: each session has its own colour (no two share a tint), and each
 * legend swatch stands 3:1 against the panel behind it (WCAG 1.4.11, non-text contrast), in both
 * themes, at a fixed Monday morning whose 24 h window crosses several sessions.
 */

/** 10:15 ET on Monday 23 November 2026. */
const MONDAY_MORNING = Date.UTC(2026, 10, 23, 15, 15)
const SESSIONS = ['premarket', 'regular', 'postmarket', 'overnight', 'offhours'] as const

const harnesses = harnessPerTest<LiveHarness>()

interface Measured {
  colours: Record<string, string>
  contrast: Record<string, number>
  swatches: Record<string, string>
}

for (const theme of ['dark', 'light'] as const) {
  describe(`chart session colours (${theme} theme)`, () => {
    it('are five distinct colours, each 3:1 against the panel, and the legend shows them', async () => {
      const { page } = await harnesses.open((browser) =>
        startLiveHarness({ browser, marketTime: MONDAY_MORNING, settings: { theme } }),
      )
      await rowOf(page, 'AAPLon').click()
      await page.keyboard.press('Enter')
      await page.locator('.chart .chart-legend-item').first().waitFor()
      const measured: Measured = await page.evaluate((sessions) => {
        const probe = document.createElement('span')
        document.body.append(probe)
        // Any CSS colour as [r, g, b] 0-255, the way the browser resolves it.
        const rgb = (colour: string): number[] => {
          probe.style.color = colour
          return (getComputedStyle(probe).color.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number)
        }
        const luminance = ([r, g, b]: number[]) =>
          [r, g, b]
            .map((v) => (v ?? 0) / 255)
            .map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
            .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i]!, 0)
        const legend = document.querySelector('.chart-legend') as HTMLElement
        // The panel: the nearest ancestor with an opaque background.
        let panel: HTMLElement | null = legend
        while (panel && getComputedStyle(panel).backgroundColor.match(/rgba\(.*, 0\)|transparent/))
          panel = panel.parentElement
        const panelLuminance = luminance(rgb(getComputedStyle(panel ?? document.body).backgroundColor))
        const colours: Record<string, string> = {}
        const contrast: Record<string, number> = {}
        for (const session of sessions) {
          const colour = getComputedStyle(legend).getPropertyValue(`--session-${session}`).trim()
          colours[session] = rgb(colour).join(',')
          const l = luminance(rgb(colour))
          contrast[session] = (Math.max(l, panelLuminance) + 0.05) / (Math.min(l, panelLuminance) + 0.05)
        }
        const swatches: Record<string, string> = {}
        for (const item of document.querySelectorAll('.chart-legend-item:not(.band-closed)')) {
          const session = [...item.classList].find((c) => c.startsWith('band-'))?.slice(5) ?? ''
          swatches[session] = rgb(getComputedStyle(item, '::before').backgroundColor).join(',')
        }
        probe.remove()
        return { colours, contrast, swatches }
      }, SESSIONS)

      expect(new Set(Object.values(measured.colours)).size).toBe(SESSIONS.length)
      for (const session of SESSIONS) expect(measured.contrast[session]).toBeGreaterThanOrEqual(3)
      // The window crosses Friday's sessions and Monday's: at least three in the legend.
      expect(Object.keys(measured.swatches).length).toBeGreaterThanOrEqual(3)
      for (const [session, swatch] of Object.entries(measured.swatches))
        expect(swatch).toBe(measured.colours[session])

      // The bands are drawn in those colours, each where its session ran: along the top of the
      // plot (above the line) the pane shows as many tints as the legend has sessions.
      // The chart fits its time scale after the history arrives; read the pane once it has.
      const tintsAlongTheTop = () =>
        page.evaluate(() => {
          const pane = document.querySelector('.chart-canvas canvas') as HTMLCanvasElement
          const context = pane.getContext('2d') as CanvasRenderingContext2D
          const seen = new Set<string>()
          for (let x = 0; x < pane.width; x += 2)
            seen.add(Array.from(context.getImageData(x, 2, 1, 1).data).join(','))
          return seen.size
        })
      // Closed gaps and pauses are unshaded: at most one tint more than the sessions.
      await expect
        .poll(tintsAlongTheTop, { timeout: 5_000 })
        .toBeGreaterThanOrEqual(Object.keys(measured.swatches).length)
    })
  })
}
