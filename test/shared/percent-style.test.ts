import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { describeAlert } from '../../src/shared/alert-text'
import type { Alert } from '../../src/shared/alerts'

/**
 * One percent style everywhere a person reads one (rows, detail, ticker, alerts, the CLI, exports'
 * summaries): "+0.05%", the sign on the number and no space before the sign %. The renderer's
 * formatter has always written it so; alert texts and the CLI table once wrote "+0.05 %".
 */

const SRC = join(__dirname, '..', '..', 'src')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : []
  })
}

/** Lines of code (not comments) that put a space between a number or a placeholder and %. */
function spacedPercents(path: string): string[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .map((line, index) => ({ line: line.trim(), number: index + 1 }))
    .filter(({ line }) => !line.startsWith('//') && !line.startsWith('*') && !line.startsWith('/*'))
    .filter(({ line }) => /(\d|\}) %/.test(line.replace(/\/\/.*$/, '')))
    .map(({ line, number }) => `${relative(SRC, path)}:${number}: ${line}`)
}

describe('the percent style', () => {
  it('is "+0.05%" in every string the app builds, never "+0.05 %"', () => {
    expect(sourceFiles(SRC).flatMap(spacedPercents)).toEqual([])
  })

  it('reads so in alert descriptions', () => {
    const alert = (condition: Alert['condition']) => ({ symbol: 'AAPLon', condition })
    expect(
      describeAlert(alert({ kind: 'change-pct', thresholdPct: '5', direction: 'either', rearmBand: '0.5' })),
    ).toBe('AAPLon 24h change beyond ±5%')
    expect(
      describeAlert(alert({ kind: 'premium-pct', thresholdPct: '0.3', direction: 'up', rearmBand: '0.1' })),
    ).toBe('AAPLon premium to fair value beyond 0.3%')
  })
})
