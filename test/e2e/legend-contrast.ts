import type { Page } from 'playwright-core'

/** One chart legend swatch: its item's words and the contrast of its mark against what it sits on. */
export interface SwatchContrast {
  name: string
  ratio: number
}

/**
 * The contrast of every chart legend swatch on the page (WCAG's non-text contrast, 1.4.11), read
 * from the computed styles in the page, which axe does not judge: a swatch is a pseudo-element with
 * no text. The mark is the swatch's fill, or its outline where the fill is the same as the ground
 * (a hollow swatch such as "Closed"), its opacity laid over the ground; for a fill of two colours
 * (the candles' up and down) the weaker counts. The ground is the first opaque background below
 * the legend.
 */
export function legendSwatchContrasts(page: Page): Promise<SwatchContrast[]> {
  return page.evaluate(() => {
    type Rgba = [number, number, number, number]
    const parse = (css: string): Rgba[] =>
      [...css.matchAll(/rgba?\(([^)]+)\)/g)].map((match) => {
        const [r = 0, g = 0, b = 0, a = 1] = match[1]!
          .split(/[\s,/]+/)
          .filter(Boolean)
          .map(Number)
        return [r, g, b, a]
      })
    const over = ([r, g, b, a]: Rgba, ground: Rgba, opacity: number): Rgba => {
      const alpha = a * opacity
      return [
        r * alpha + ground[0] * (1 - alpha),
        g * alpha + ground[1] * (1 - alpha),
        b * alpha + ground[2] * (1 - alpha),
        1,
      ]
    }
    const luminance = ([r, g, b]: Rgba) => {
      const channel = (value: number) => {
        const c = value / 255
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
      }
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
    }
    const contrast = (one: Rgba, two: Rgba) => {
      const [light, dark] = [luminance(one), luminance(two)].sort((x, y) => y - x) as [number, number]
      return (light + 0.05) / (dark + 0.05)
    }
    const groundOf = (element: Element): Rgba => {
      for (let node: Element | null = element; node; node = node.parentElement) {
        const [fill] = parse(getComputedStyle(node).backgroundColor)
        if (fill && fill[3] === 1) return fill
      }
      return [255, 255, 255, 1]
    }
    return [...document.querySelectorAll('.chart-legend-item')].flatMap((item) => {
      const swatch = getComputedStyle(item, '::before')
      if (swatch.content === 'none' || swatch.display === 'none') return []
      const ground = groundOf(item)
      const opacity = Number(swatch.opacity)
      const fills = [...parse(swatch.backgroundColor), ...parse(swatch.backgroundImage)].filter(
        (fill) => fill[3] > 0,
      )
      const solid = fills.filter((fill) => contrast(over(fill, ground, 1), ground) > 1.01)
      const outline = swatch.borderTopStyle === 'none' ? [] : parse(swatch.borderTopColor)
      const marks = solid.length > 0 ? solid : outline
      const ratios = marks.map((mark) => contrast(over(mark, ground, opacity), ground))
      return [{ name: item.textContent?.trim() ?? '', ratio: ratios.length > 0 ? Math.min(...ratios) : 1 }]
    })
  })
}
