import type {
  IChartApi,
  IPrimitivePaneRenderer,
  IPrimitivePaneView,
  ISeriesPrimitive,
  Logical,
  SeriesAttachedParameter,
  Time,
} from 'lightweight-charts'
import type { SessionName } from '../../shared/sessions'
import { CHART_SLOTS } from './chart-slots'

/**
 * A lightweight-charts primitive that draws, behind the price line, the session bands (the
 * regular session darkest, the extended hours lighter, overnight and off-hours faint) and a dashed
 * line at each time label. Positions are fractions of the trading axis (see chart-slots.ts).
 */

export interface BandsPicture {
  bands: ReadonlyArray<{ session: SessionName; x0: number; x1: number }>
  /** Where the time labels stand. */
  ticks: readonly number[]
  /** CSS colours, read from the theme. */
  bandColor: string
  tickColor: string
}

/** The same shades as the legend's swatches (panels.css). */
const BAND_OPACITY: Record<SessionName, number> = {
  regular: 0.12,
  premarket: 0.07,
  postmarket: 0.07,
  overnight: 0.04,
  offhours: 0.04,
}

type DrawTarget = Parameters<IPrimitivePaneRenderer['draw']>[0]

export class SessionBands implements ISeriesPrimitive<Time> {
  private chart: IChartApi | null = null
  private requestUpdate: (() => void) | null = null
  private picture: BandsPicture = { bands: [], ticks: [], bandColor: 'transparent', tickColor: 'transparent' }

  private readonly renderer: IPrimitivePaneRenderer = { draw: (target) => this.draw(target) }
  private readonly view: IPrimitivePaneView = { zOrder: () => 'bottom', renderer: () => this.renderer }

  attached({ chart, requestUpdate }: SeriesAttachedParameter<Time>): void {
    this.chart = chart
    this.requestUpdate = requestUpdate
  }

  detached(): void {
    this.chart = null
    this.requestUpdate = null
  }

  show(picture: BandsPicture): void {
    this.picture = picture
    this.requestUpdate?.()
  }

  paneViews(): readonly IPrimitivePaneView[] {
    return [this.view]
  }

  private draw(target: DrawTarget): void {
    const timeScale = this.chart?.timeScale()
    if (!timeScale) return
    const xOf = (fraction: number) => timeScale.logicalToCoordinate((fraction * (CHART_SLOTS - 1)) as Logical)
    const { bands, ticks, bandColor, tickColor } = this.picture
    target.useMediaCoordinateSpace(({ context, mediaSize }) => {
      context.save()
      context.fillStyle = bandColor
      for (const band of bands) {
        const x0 = xOf(band.x0)
        const x1 = xOf(band.x1)
        if (x0 === null || x1 === null) continue
        context.globalAlpha = BAND_OPACITY[band.session]
        context.fillRect(x0, 0, Math.max(0, x1 - x0), mediaSize.height)
      }
      context.globalAlpha = 1
      context.strokeStyle = tickColor
      context.setLineDash([2, 3])
      context.lineWidth = 1
      for (const tick of ticks) {
        const x = xOf(tick)
        if (x === null) continue
        context.beginPath()
        context.moveTo(Math.round(x) + 0.5, 0)
        context.lineTo(Math.round(x) + 0.5, mediaSize.height)
        context.stroke()
      }
      context.restore()
    })
  }
}
