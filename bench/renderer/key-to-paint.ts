import type { Page } from 'playwright-core'
import { type Metric, median, metric, round } from '../report'

/**
 * In the page: dispatches a keydown of `key` on the page's body, as a person's key reaches the
 * app's shortcuts, and resolves with the milliseconds until the frame that painted `selector`
 * (with an aria-label starting with `label`, when given) was painted: a message posted from that
 * frame's animation callback arrives after its paint. May use nothing from outside its body.
 */
export function timeKeyToPaint(args: { key: string; selector: string; label?: string }): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const giveUp = setTimeout(
      () => reject(new Error(`no ${args.selector} within 30 s of ${args.key}`)),
      30_000,
    )
    const check = () => {
      const element = document.querySelector(args.selector)
      const label = element?.getAttribute('aria-label') ?? ''
      if (!element || (args.label !== undefined && !label.startsWith(args.label)))
        return requestAnimationFrame(check)
      const channel = new MessageChannel()
      channel.port1.onmessage = () => {
        clearTimeout(giveUp)
        resolve(performance.now() - started)
      }
      channel.port2.postMessage(null)
    }
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: args.key, bubbles: true }))
    requestAnimationFrame(check)
  })
}

/** Two frames at 60 Hz: the detail panel and the ledger dialog painted by the second frame after the key. */
export const KEY_TO_PAINT_BUDGET_MS = 33

const PANELS = [
  { name: 'detail', key: 'Enter', selector: 'aside.detail', words: 'Enter to the detail panel painted' },
  { name: 'ledger', key: 't', selector: '.ledger-dialog', words: 'T to the ledger dialog painted' },
] as const

/**
 * Enter on the selected row to the detail panel painted, and T to the ledger dialog painted (the
 * chart inside the panel may follow with its placeholder), each closed with Escape before the
 * next, `rounds` times; the figure is the median.
 */
export async function keyToPaintMetrics(
  page: Page,
  rounds: number,
  log: (line: string) => void,
): Promise<Metric[]> {
  await page.locator('[role="row"][data-symbol]').first().click()
  const times: Record<string, number[]> = Object.fromEntries(PANELS.map(({ name }) => [name, []]))
  for (let taken = 0; taken < rounds; taken++)
    for (const { name, key, selector } of PANELS) {
      times[name]?.push(await page.evaluate(timeKeyToPaint, { key, selector }))
      await page.keyboard.press('Escape')
      await page.locator(selector).waitFor({ state: 'detached' })
    }
  log(
    `key to painted (ms): ${PANELS.map(({ name }) => `${name} ${(times[name] ?? []).map(round).join(', ')}`).join('; ')}`,
  )
  return PANELS.map(({ name, words }) =>
    metric(
      `renderer.keyToPaint.${name}Ms`,
      null,
      round(median(times[name] ?? [])),
      `ms, ${words}`,
      KEY_TO_PAINT_BUDGET_MS,
    ),
  )
}
