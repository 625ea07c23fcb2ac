import { describe, expect, it } from 'vitest'
import { Dec } from '../../../src/shared/decimal'
import { splitRatio, splitReader } from '../../../src/main/core/portfolio/split-step'

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

describe('splitRatio: the terms a split may have', () => {
  it('reads a 5:4 split and a 3:4 reverse split, whose smaller term is the largest allowed (4)', () => {
    expect(ratio('1.0021', '1.252625')).toBe('1.25')
    expect(ratio('1.0021', '0.751575')).toBe('0.75')
  })

  it('reads splits with a term of up to 50 that no smaller pair of terms can write', () => {
    // 30:1 and 50:1 have no equal ratio with a smaller term of 2 to 4 and both terms at most 50.
    expect(ratio('1', '30')).toBe('30')
    expect(ratio('1.0034', '50.17')).toBe('50')
    expect(ratio('30', '1')).toBe(new Dec(1).dividedBy(30).toString())
    expect(ratio('50.17', '1.0034')).toBe('0.02')
  })

  it('reads no split past 50:1 or 1:50', () => {
    expect(ratio('1', '60')).toBeNull()
    expect(ratio('60', '1')).toBeNull()
    expect(ratio('1.0021', '51.1071')).toBeNull()
  })

  it('reads a step to 0.8 as a 4:5 reverse split, as it reads 5:4 up: a dividend never lowers it', () => {
    expect(ratio('1', '0.8')).toBe('0.8')
    expect(ratio('1.0021', '0.80168')).toBe('0.8')
  })

  it('reads a step of less than a quarter either way as no split (6:5 up, 5:6 down)', () => {
    expect(ratio('1', '1.2')).toBeNull()
    expect(ratio('1', new Dec(5).dividedBy(6).toString())).toBeNull()
  })
})

describe('splitReader: a computation’s reading of the multiplier steps', () => {
  it('reads no split where either side of the step is unknown or the two are the same', () => {
    const read = splitReader()
    expect(read(null, '10')).toBeNull()
    expect(read('1', null)).toBeNull()
    expect(read(null, null)).toBeNull()
    expect(read('1.0021', '1.0021')).toBeNull()
  })

  it('gives the split as a decimal, the reverse split too, and a dividend step as none', () => {
    const read = splitReader()
    expect(read('1.0021', '10.0251')?.toString()).toBe('10')
    expect(read('10.035', '1.0035')?.toString()).toBe('0.1')
    expect(read('1.0021', '1.0034')).toBeNull()
  })

  it('reads a step asked about again once: the same answer, not worked out anew', () => {
    const read = splitReader()
    const first = read('0.4812', '1.9248')
    expect(first?.toString()).toBe('4')
    expect(read('0.4812', '1.9248')).toBe(first)
    // Another reader reads for itself.
    expect(splitReader()('0.4812', '1.9248')).not.toBe(first)
  })
})
