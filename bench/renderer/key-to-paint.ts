import type { Page } from 'playwright-core'
import { type Metric, floorOf, metric, round } from '../report'

/**
 * In the page: dispatches a keydown of `key` on the page's body, as a person's key reaches the
 * app's shortcuts (or, with `focused`, on the element with the focus, as a key reaches a section's
 * own keys), and resolves with the milliseconds until the frame that painted `selector` (with an
 * aria-label starting with `label`, when given) was painted: a message posted from that frame's
 * animation callback arrives after its paint. May use nothing from outside its body.
 */
export function timeKeyToPaint(args: {
  key: string
  selector: string
  label?: string
  focused?: boolean
}): Promise<number> {
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
    const target = (args.focused ? document.activeElement : null) ?? document.body
    target.dispatchEvent(new KeyboardEvent('keydown', { key: args.key, bubbles: true }))
    requestAnimationFrame(check)
  })
}

/**
 * In the page: the frame period, as requestAnimationFrame paces it in this page now (the median
 * interval between 13 frames' callbacks). On a quiet host it is 16.7 ms; on a busy one the frames
 * come later, and a step measured "within two frames" is held to the frames the page can have.
 * May use nothing from outside its body.
 */
export function timeFramePeriod(): Promise<number> {
  return new Promise((resolve) => {
    const stamps: number[] = []
    const frame = (at: number) => {
      stamps.push(at)
      if (stamps.length < 13) return requestAnimationFrame(frame)
      const intervals = stamps.slice(1).map((stamp, i) => stamp - (stamps[i] as number))
      intervals.sort((a, b) => a - b)
      resolve(intervals[intervals.length >> 1] as number)
    }
    requestAnimationFrame(frame)
  })
}

/** The detail panel and the ledger dialog painted within two frames of the key, as the page's frames run. */
export const KEY_TO_PAINT_BUDGET_FRAMES = 2

const PANELS = [
  { name: 'detail', key: 'Enter', selector: 'aside.detail', words: 'Enter to the detail panel painted' },
  { name: 'ledger', key: 't', selector: '.ledger-dialog', words: 'T to the ledger dialog painted' },
] as const

/**
 * Enter on the selected row to the detail panel painted, and T to the ledger dialog painted (the
 * chart inside the panel may follow with its placeholder), each closed with Escape before the
 * next, `rounds` times. Each press follows its floor, the page's frame period measured just
 * before it in the same page: the budget is on the median of the pairs' ratios, in frames. The
 * milliseconds are given beside, for context.
 */
export async function keyToPaintMetrics(
  page: Page,
  rounds: number,
  log: (line: string) => void,
): Promise<Metric[]> {
  await page.locator('[role="row"][data-symbol]').first().click()
  const pairs: Record<string, { subject: number; floor: number }[]> = Object.fromEntries(
    PANELS.map(({ name }) => [name, []]),
  )
  for (let taken = 0; taken < rounds; taken++)
    for (const { name, key, selector } of PANELS) {
      const floor = await page.evaluate(timeFramePeriod)
      pairs[name]?.push({ subject: await page.evaluate(timeKeyToPaint, { key, selector }), floor })
      await page.keyboard.press('Escape')
      await page.locator(selector).waitFor({ state: 'detached' })
    }
  const each = (name: string) =>
    (pairs[name] ?? []).map((pair) => `${round(pair.subject)} / ${round(pair.floor)}`).join(', ')
  const painted = PANELS.map(({ name }) => `${name} ${each(name)}`)
  log(`key to painted / frame period (ms): ${painted.join('; ')}`)
  return PANELS.flatMap(({ name, words }) => {
    const floor = floorOf(pairs[name] ?? [], 'ms')
    return [
      metric(
        `renderer.keyToPaint.${name}Frames`,
        rounds,
        floor.ratio,
        `frames, ${words} (median of ${rounds} pairs with the page's frame period)`,
        KEY_TO_PAINT_BUDGET_FRAMES,
        floor,
      ),
      metric(`renderer.keyToPaint.${name}Ms`, rounds, floor.subject, `ms, ${words}`, null),
    ]
  })
}
