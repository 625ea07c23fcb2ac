import { describe, expect, it } from 'vitest'
import { Dec } from '../../../src/shared/decimal'
import { splitRatio } from '../../../src/main/core/portfolio/split-step'

const ratio = (from: string, to: string) => splitRatio(new Dec(from), new Dec(to))?.toString() ?? null

describe('splitRatio: a multiplier step read as a split or a dividend', () => {
  it('reads the usual splits and reverse splits', () => {
    expect(ratio('1', '10')).toBe('10')
    expect(ratio('0.4812', '1.9248')).toBe('4')
    expect(ratio('1.0021', '1.50315')).toBe('1.5')
    expect(ratio('10.035', '1.0035')).toBe('0.1')
    expect(ratio('2.5', '0.125')).toBe('0.05')
  })

  it('reads a split with a dividend in the same step as the split, the rest being the dividend', () => {
    expect(ratio('1.0021', '10.0251')).toBe('10')
  })

  it('reads dividend steps, even a large one, as no split', () => {
    expect(ratio('0.4812', '0.4819')).toBeNull()
    expect(ratio('1.0021', '1.0121')).toBeNull()
    expect(ratio('1', '1.3')).toBeNull()
    expect(ratio('1.0034', '1.0034')).toBeNull()
  })
})
