import type {
  IChartApi,
  IPrimitivePaneRenderer,
  IPrimitivePaneView,
  ISeriesPrimitive,
  Logical,
  SeriesAttachedParameter,
  Time,
} from 'lightweight-charts'
import { SESSION_NAMES, type SessionName } from '../../shared/sessions'
import { themeColor } from './chart-page'
import { CHART_SLOTS } from './chart-slots'

/**
 * A lightweight-charts primitive that draws, behind the price line, the session bands (each
 * session in its own hue, faint, the regular session a little stronger), a dashed line at each
 * time label and a solid one at each multiplier step. Positions are fractions of the trading axis
 * (see chart-slots.ts).
 */

/** Each session's colour from the theme (--session-premarket ...), the legend's and the bands'. */
export function sessionColors(element: Element | null): Record<SessionName, string> {
  return Object.fromEntries(
    SESSION_NAMES.map((session) => [session, element ? themeColor(element, `--session-${session}`) : 'gray']),
  ) as Record<SessionName, string>
}

export interface BandsPicture {
  bands: ReadonlyArray<{ session: SessionName; x0: number; x1: number }>
  /** Where the time labels stand. */
  ticks: readonly number[]
  /** CSS colours, read from the theme: each session's (the legend's swatches), the ticks'. */
  bandColors: Readonly<Record<SessionName, string>>
  tickColor: string
  /** Where the shares multiplier stepped (the charts beyond 24 hours), and in which colour. */
  marks?: readonly number[]
  markColor?: string
  /** The chart's slot count, when not today's chart's CHART_SLOTS. */
  slots?: number
}

/** How strongly each band is drawn: faint behind the line, the regular session a little more. */
const BAND_OPACITY: Record<SessionName, number> = {
  regular: 0.26,
  premarket: 0.24,
  postmarket: 0.24,
  overnight: 0.2,
  offhours: 0.22,
}

const NO_COLORS: Record<SessionName, string> = {
  regular: 'transparent',
  premarket: 'transparent',
  postmarket: 'transparent',
  overnight: 'transparent',
  offhours: 'transparent',
}

type DrawTarget = Parameters<IPrimitivePaneRenderer['draw']>[0]

export class SessionBands implements ISeriesPrimitive<Time> {
  private chart: IChartApi | null = null
  private requestUpdate: (() => void) | null = null
  private picture: BandsPicture = { bands: [], ticks: [], bandColors: NO_COLORS, tickColor: 'transparent' }

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
    // The time scale places whole logical indexes only (a fractional one comes back as 0, which
    // drew every band from the left edge, each over the last); a band edge falls between two
    // slots, so it is placed between their coordinates.
    const xOf = (fraction: number) => {
      const logical = fraction * ((this.picture.slots ?? CHART_SLOTS) - 1)
      const below = Math.floor(logical)
      const x0 = timeScale.logicalToCoordinate(below as Logical)
      const x1 = timeScale.logicalToCoordinate((below + 1) as Logical)
      return x0 === null || x1 === null ? null : x0 + (x1 - x0) * (logical - below)
    }
    const { bands, ticks, bandColors, tickColor, marks = [], markColor = tickColor } = this.picture
    target.useMediaCoordinateSpace(({ context, mediaSize }) => {
      context.save()
      for (const band of bands) {
        const x0 = xOf(band.x0)
        const x1 = xOf(band.x1)
        // Over years, most sessions are a fraction of a pixel: those that cover no whole pixel
        // are left out, else thousands of faint strips are drawn over each other on every frame.
        if (x0 === null || x1 === null || Math.round(x1) === Math.round(x0)) continue
        context.fillStyle = bandColors[band.session]
        context.globalAlpha = BAND_OPACITY[band.session]
        context.fillRect(Math.round(x0), 0, Math.round(x1) - Math.round(x0), mediaSize.height)
      }
      context.globalAlpha = 1
      context.lineWidth = 1
      const rule = (fraction: number) => {
        const x = xOf(fraction)
        if (x === null) return
        context.beginPath()
        context.moveTo(Math.round(x) + 0.5, 0)
        context.lineTo(Math.round(x) + 0.5, mediaSize.height)
        context.stroke()
      }
      context.strokeStyle = tickColor
      context.setLineDash([2, 3])
      ticks.forEach(rule)
      context.strokeStyle = markColor
      context.setLineDash([])
      marks.forEach(rule)
      context.restore()
    })
  }
}
