import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { SHOTS_DIR, shootEachDayAndWidth } from './day-width-shots'
import { NARROW_AND_WIDE } from './layout-screenshots'

/**
 * The sparklines after a market poll whose histories came as tails (docs/architecture.md, "History
 * tails"), streaming, on a fixed Tuesday morning and a fixed Saturday, narrow and wide: shot once
 * the core has pushed a delta with tails and every row's sparkline draws as many points as the core
 * holds for it (or stops). The narrow window has no sparkline column: its rows after the same delta.
 * `npx tsx test/e2e/history-tail-shots.ts` writes docs/screenshots/history-tail/*.png.
 */
const OUT = 'history-tail'
const NAMES = new Map<number, string>(NARROW_AND_WIDE.map(([name, width]) => [width, name]))

async function main(): Promise<void> {
  await mkdir(join(SHOTS_DIR, OUT), { recursive: true })
  await shootEachDayAndWidth(
    NARROW_AND_WIDE.map(([, width]) => width),
    (width) => ({
      stream: true,
      viewport: { width, height: 560 },
      // The shortest market cadence the settings allow: a market poll after the first.
      settings: { cadences: { marketMs: 15_000 } },
    }),
    async ({ page, core, day, width, save }) => {
      await new Promise<void>((resolve) => {
        const off = core.on('delta', (delta) => {
          if (!delta.changed.some((change) => change.historyTail)) return
          off()
          resolve()
        })
      })
      await core.invoke('setPaused', { paused: true })
      const counts = Object.fromEntries(
        core.currentSnapshot().assets.map((asset) => [asset.symbol, asset.history24h.length]),
      )
      await page
        .waitForFunction(
          (counts) =>
            [...document.querySelectorAll('[role="row"][data-symbol]')].every((row) => {
              // A narrow window has no sparkline column: its rows are read at the wide width.
              if (!row.querySelector('.cell-sparkline')) return true
              const symbol = row.getAttribute('data-symbol') ?? ''
              const line = row.querySelector('svg.sparkline polyline')?.getAttribute('points')
              return line?.trim().split(/\s+/).length === counts[symbol]
            }),
          counts,
          { timeout: 30_000 },
        )
        .catch(async (error: unknown) => {
          const drawn = await page.evaluate(() =>
            [...document.querySelectorAll('[role="row"][data-symbol]')].map((row) => [
              row.getAttribute('data-symbol'),
              row.querySelector('svg.sparkline polyline')?.getAttribute('points')?.trim().split(/\s+/).length,
            ]),
          )
          console.log(JSON.stringify({ counts, drawn }))
          throw error
        })
      await save(join(OUT, `sparklines-${day}-${NAMES.get(width)}.png`))
    },
  )
}

void main()
