import type { Page } from 'playwright-core'
import type { AssetChange } from '../../src/shared/domain'
import { frameLayout } from '../../src/renderer/layout'

/**
 * What the narrow-layout test and the layout screenshots share: the window sizes to check, a
 * window at an app zoom, the awkward values, and the checks on the page's boxes.
 */

export const WIDTHS = [360, 420, 600, 900, 1280, 1920] as const
export const ZOOMS = [1, 1.25, 1.5] as const
export const HEIGHT = 760

/**
 * A window `width` x `height` px at an app zoom (Chromium's zoom factor, Electron's View > Zoom):
 * its CSS size is the window's divided by the zoom, so 1280 px at 150 % lays out 853 CSS px.
 * The device scale factor keeps a screenshot at the window's own pixel size.
 */
export async function showWindow(page: Page, width: number, height: number, zoom = 1): Promise<void> {
  const css = { width: Math.round(width / zoom), height: Math.round(height / zoom) }
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setDeviceMetricsOverride', { ...css, deviceScaleFactor: zoom, mobile: false })
  await cdp.detach()
  await page.setViewportSize(css)
  // The frame has taken its tier, and the grid its columns for this width (a frame later).
  await page.locator(`.app[data-layout="${frameLayout(css.width)}"]`).waitFor()
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  )
}

/** A tiny price, a huge one, 18 decimals, negatives: what a cell must show whole, sign and all. */
export const AWKWARD_VALUES: AssetChange[] = [
  {
    symbol: 'AAPLon',
    fields: {
      price: '0.000000123456789012',
      change24h: '-0.000000001234567891',
      changePct24h: '-0.99',
      fairValue: '0.000000123400000000',
      premiumPct: '0.0456',
    },
  },
  {
    symbol: 'NVDAon',
    fields: {
      price: '123456789012.123456',
      change24h: '-98765432109.98',
      changePct24h: '-12345.6789',
      fairValue: '123456789012.1',
      premiumPct: '-99999.9999',
    },
  },
  {
    symbol: 'TSLAon',
    fields: {
      price: '1.000000000000000001',
      change24h: '0.000000000000000001',
      changePct24h: '0.000000000000000001',
      fairValue: '0.999999999999999999',
      premiumPct: '-0.000000000000000001',
    },
  },
  {
    symbol: 'SPYon',
    fields: { price: '-0.0000001', change24h: '-123456.789', changePct24h: '-100', premiumPct: '-12.3456' },
  },
  { symbol: 'MSFTon', fields: { holders: 987654321, change24h: '-0.0001', changePct24h: '-0.0001' } },
  // A tiny move, shown by its digits ("▲ +0.00091%"): once too long for the narrowest change column.
  { symbol: 'Fon', fields: { changePct24h: '0.000912', change24h: '0.0001' } },
  { symbol: 'QQQon', fields: { changePct24h: '-0.000912' } },
]

/**
 * Everything on screen that is cut, overflows or overlaps: the header's controls (inside the
 * header, none over another), every rendered cell and number (no content wider or taller than its
 * box), the grid (no sideways scrolling), the banners (one line) and the status bar (one line,
 * its items apart). Each problem is a sentence naming the element, for a readable failure.
 */
export function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = []
    const SLACK = 0.5
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}${
        element.closest('[data-symbol]')
          ? ` (${element.closest('[data-symbol]')?.getAttribute('data-symbol')})`
          : ''
      }`
    const shown = (element: Element) => {
      const box = element.getBoundingClientRect()
      return box.width > 1 && box.height > 1 && getComputedStyle(element).visibility !== 'hidden'
    }
    const inside = (element: Element, frame: DOMRect) => {
      const box = element.getBoundingClientRect()
      if (box.left < frame.left - SLACK || box.right > frame.right + SLACK)
        problems.push(
          `${name(element)} sticks out of its frame (${box.left}-${box.right}` +
            ` in ${frame.left}-${frame.right})`,
        )
    }
    const apart = (elements: Element[]) => {
      const boxes = elements.map((element) => ({ element, box: element.getBoundingClientRect() }))
      for (const [index, a] of boxes.entries())
        for (const b of boxes.slice(index + 1))
          if (
            a.box.left < b.box.right - SLACK &&
            b.box.left < a.box.right - SLACK &&
            a.box.top < b.box.bottom - SLACK &&
            b.box.top < a.box.bottom - SLACK
          )
            problems.push(`${name(a.element)} overlaps ${name(b.element)}`)
    }
    const whole = (element: Element) => {
      if (element.scrollWidth > element.clientWidth + 1)
        problems.push(
          `${name(element)} is cut: ${element.scrollWidth} px of content in ${element.clientWidth} px`,
        )
      if (element.scrollHeight > element.clientHeight + 1)
        problems.push(`${name(element)} wraps: ${element.scrollHeight} px high in ${element.clientHeight} px`)
    }

    const window = document.documentElement.getBoundingClientRect()
    const header = document.querySelector('.app-header')
    if (!header) return ['no header']
    const headerBox = header.getBoundingClientRect()
    inside(header, window)
    const controls = [
      ...header.querySelectorAll(
        ':scope > .brand, :scope > .search, :scope > .session-clock, :scope > .status-pill',
      ),
      ...header.querySelectorAll('.header-actions > *'),
    ].filter(shown)
    for (const control of controls) inside(control, headerBox)
    apart(controls)
    for (const part of header.querySelectorAll('.session-clock, .status-pill')) whole(part)

    const grid = document.getElementById('watchlist-grid')
    if (!grid) return [...problems, 'no watchlist grid']
    if (grid.scrollWidth > grid.clientWidth)
      problems.push(`the grid scrolls sideways: ${grid.scrollWidth} px of rows in ${grid.clientWidth} px`)
    for (const cell of grid.querySelectorAll('[role="gridcell"], [role="columnheader"]')) whole(cell)
    for (const part of grid.querySelectorAll('.fit, .symbol-line, .badges, .sort-button')) whole(part)

    for (const banner of document.querySelectorAll('.banner')) {
      inside(banner, window)
      if (banner.getBoundingClientRect().height > 40)
        problems.push(`${name(banner)} takes more than one line`)
    }
    const footer = document.querySelector('.status-bar')
    if (footer) {
      inside(footer, window)
      whole(footer)
      apart([...footer.children].filter(shown))
      for (const item of [...footer.children].filter(shown)) inside(item, footer.getBoundingClientRect())
    }
    return problems
  })
}

/** Each shown number of the row whose value is negative, and whether its text still has the minus. */
export function negativeFigures(page: Page): Promise<{ where: string; text: string }[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('[role="row"][data-symbol] .fit')]
      .filter((number) => (number.getAttribute('title') ?? '').startsWith('-'))
      .map((number) => ({
        where:
          `${number.closest('[data-symbol]')?.getAttribute('data-symbol')}` +
          ` ${number.parentElement?.className}`,
        text: number.textContent ?? '',
      })),
  )
}

export interface LabelBox {
  text: string
  left: number
  right: number
}

/** The detail chart's time labels as drawn, left to right. */
export async function chartLabelBoxes(page: Page): Promise<LabelBox[]> {
  const boxes = await page.locator('.chart .chart-tick').evaluateAll((labels) =>
    labels.map((label) => {
      const box = label.getBoundingClientRect()
      return { text: label.textContent ?? '', left: box.left, right: box.right }
    }),
  )
  return boxes.sort((a, b) => a.left - b.left)
}

/** Each pair of neighbouring labels that touch or overlap, named. */
export function overlappingLabels(boxes: readonly LabelBox[]): string[] {
  return boxes.slice(1).flatMap((box, i) => {
    const before = boxes[i] as LabelBox
    return box.left > before.right ? [] : [`"${before.text}" and "${box.text}" overlap`]
  })
}
