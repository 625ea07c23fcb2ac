import { ColorType, CrosshairMode, createChart, LineStyle, type IChartApi } from 'lightweight-charts'
import { themeColor } from './chart-page'

/**
 * A lightweight-charts chart as the detail panel draws them on the trading axis: no pointer input
 * of its own (the plot around it takes it, so chart and readout always agree), no time axis (the
 * labels are ours), no logo (it would add a style element the page's policy refuses, and a link
 * out of the app; the credit is in the caption), and a crosshair without price or time labels (the
 * readout says the point's exact figures; a float's rounding of them is not shown).
 */
export interface TradingChart {
  api: IChartApi
  /**
   * Fits the slots to the plot again once the chart has drawn its change (on its next frame), so
   * they run from its left edge to its right (within half a slot, under a pixel), and reports the
   * plot's width (the panel's less the price scale's), by which the HTML overlays are placed.
   */
  refit(): void
  remove(): void
}

export function createTradingChart(
  element: HTMLElement,
  options: { height: number; minBarSpacing: number; onPlotWidth(width: number): void },
): TradingChart {
  const api = createChart(element, {
    autoSize: true,
    height: options.height,
    handleScroll: false,
    handleScale: false,
    layout: {
      attributionLogo: false,
      background: { type: ColorType.Solid, color: 'transparent' },
      fontSize: 10,
      fontFamily: themeColor(element, '--font-ui'),
      panes: { separatorColor: themeColor(element, '--border'), enableResize: false },
    },
    grid: { vertLines: { visible: false } },
    timeScale: {
      visible: false,
      minBarSpacing: options.minBarSpacing,
      fixLeftEdge: true,
      fixRightEdge: true,
    },
    // A scale figure only where it fits whole: never one cut by the pane's edge.
    rightPriceScale: { borderVisible: false, entireTextOnly: true, scaleMargins: { top: 0.1, bottom: 0.05 } },
    crosshair: {
      mode: CrosshairMode.Normal,
      vertLine: { labelVisible: false, style: LineStyle.Dashed },
      horzLine: { labelVisible: false, style: LineStyle.Dashed },
    },
  })
  let frame = 0
  const refit = () => {
    cancelAnimationFrame(frame)
    frame = requestAnimationFrame(() => {
      api.timeScale().fitContent()
      const width = api.paneSize().width
      if (width > 0) options.onPlotWidth(width)
    })
  }
  const resized = new ResizeObserver(refit)
  resized.observe(element)
  return {
    api,
    refit,
    remove() {
      resized.disconnect()
      // A panel closed before the chart's next frame: nothing may touch the removed chart.
      cancelAnimationFrame(frame)
      api.remove()
    },
  }
}

/** The chart's colours from the theme: its text, its grid and its crosshair. */
export function applyChartTheme(api: IChartApi, element: Element): void {
  api.applyOptions({
    layout: { textColor: themeColor(element, '--text-muted') },
    grid: { horzLines: { color: themeColor(element, '--border') } },
    crosshair: {
      vertLine: { color: themeColor(element, '--text') },
      horzLine: { color: themeColor(element, '--text') },
    },
  })
}
