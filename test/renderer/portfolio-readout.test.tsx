import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { PortfolioReadout } from '../../src/renderer/holdings/PortfolioReadout'
import type { PortfolioReport } from '../../src/shared/portfolio'

/**
 * The portfolio chart's readout at the crosshair (issue #49, items 1 and 3): the point's figures
 * and what the same money would be worth in the stocks and in the benchmark token where main knew
 * it; with amounts hidden, each as a percent change from the range's starting value. Rendered as
 * the page's first frame is (no browser); the point's time, written in the display zone, is not
 * what is checked here.
 */

const T0 = Date.parse('2026-11-03T21:00:00Z')
const DAY = 86_400_000

function reportWith(stocks: (string | null)[], token: (string | null)[]): PortfolioReport {
  const values = ['1250.10', '1262.80']
  return {
    range: '3m',
    method: 'average',
    benchmarkSymbol: 'SPYon',
    asOf: T0 + DAY,
    source: 'service',
    empty: false,
    series: values.map((value, i) => ({
      t: T0 + i * DAY,
      value,
      valueAtFairValue: value,
      cost: '1251.35',
      pnl: i === 0 ? '-1.25' : '11.45',
    })),
    benchmarkSeries: values.map((_, i) => ({
      t: T0 + i * DAY,
      stocks: stocks[i] ?? null,
      token: token[i] ?? null,
    })),
    trades: [],
    figures: {
      twr: null,
      mwr: null,
      mwrNote: null,
      pnl: '11.45',
      annualised: null,
      benchmark: { stocks: null, token: null },
      attribution: { stock: '0', multiplier: '0', premium: '0', fees: '0' },
    },
    positions: [],
    notes: [],
  }
}

const text = (html: string) => html.replace(/<[^>]+>/g, '')

describe('the portfolio readout (issue #49)', () => {
  it('gives the same money in the stocks and in the benchmark token at the point', () => {
    const report = reportWith(['1250.10', '1244.9812345678'], ['1250.10', '1239.5500000001'])
    const shown = text(renderToStaticMarkup(<PortfolioReadout report={report} index={1} hidden={false} />))
    expect(shown).toContain('In the stocks 1,244.98')
    expect(shown).toContain('In SPYon 1,239.55')
    // Hidden: percent changes from the starting value 1,250.10 (1,239.55 is -0.84%), no dollar figure.
    const hidden = text(renderToStaticMarkup(<PortfolioReadout report={report} index={1} hidden />))
    expect(hidden).toContain('In SPYon -0.84')
    expect(hidden).not.toContain('1,239.55')
  })

  it('leaves out a benchmark main could not work out at that point', () => {
    const report = reportWith([null, null], ['1250.10', '1239.5500000001'])
    const shown = text(renderToStaticMarkup(<PortfolioReadout report={report} index={1} hidden={false} />))
    expect(shown).not.toContain('In the stocks')
    expect(shown).toContain('In SPYon')
  })
})
