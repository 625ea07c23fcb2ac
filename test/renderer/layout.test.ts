import { describe, expect, it } from 'vitest'
import { frameHeight, frameLayout } from '../../src/renderer/layout'

/** How the window's frame gives way as the window narrows (the columns: column-fit.test.ts). */

describe('frame layout', () => {
  it('names a tier for each width, in CSS pixels (a zoomed window is a narrower one)', () => {
    expect(frameLayout(1920)).toBe('wide')
    expect(frameLayout(1280)).toBe('wide')
    expect(frameLayout(1280 / 1.5)).toBe('medium')
    expect(frameLayout(600)).toBe('compact')
    expect(frameLayout(420)).toBe('narrow')
    expect(frameLayout(360)).toBe('narrow')
    expect(frameLayout(360 / 1.5)).toBe('tiny')
    expect(frameHeight(200)).toBe('short')
    expect(frameHeight(760)).toBe('normal')
  })
})
