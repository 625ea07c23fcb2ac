/**
 * What the chart reads of the page it is drawn in: how wide an axis label is in the UI font, and
 * the theme's colours. Apart from the chart's view, which only places what these measure.
 */

/** The axis labels' font: .chart-tick in panels.css (10 px, semibold), in the UI font. */
const labelFont = () => {
  const uiFont = getComputedStyle(document.documentElement).getPropertyValue('--font-ui').trim()
  return `600 10px ${uiFont || 'sans-serif'}`
}
const LABEL_SLACK_PX = 4

let labelContext: CanvasRenderingContext2D | null | undefined
const labelWidths = new Map<string, number>()

/**
 * How wide an axis label is drawn, measured once per text on a canvas (semibold, as drawn), with
 * a few px to spare for a fallback font. The e2e tests check the drawn boxes do not overlap.
 */
export function measureLabel(text: string): number {
  let width = labelWidths.get(text)
  if (width === undefined) {
    if (labelContext === undefined) {
      labelContext = document.createElement('canvas').getContext('2d')
      if (labelContext) labelContext.font = labelFont()
    }
    width = (labelContext ? labelContext.measureText(text).width : text.length * 7) + LABEL_SLACK_PX
    labelWidths.set(text, width)
  }
  return width
}

/** A CSS custom property of the chart's element, as the theme sets it. */
export function themeColor(element: Element, name: string): string {
  return getComputedStyle(element).getPropertyValue(name).trim() || 'gray'
}
