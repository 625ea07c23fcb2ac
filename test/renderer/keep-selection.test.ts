import { describe, expect, it } from 'vitest'
import { keepSelection } from '../../src/renderer/store/ui-state'

describe('the selection when the rows change', () => {
  it('moves to the row that took a removed row’s place, or the last row', () => {
    expect(keepSelection('TSLAon', ['AAPLon', 'TSLAon', 'Fon'], ['AAPLon', 'Fon'])).toBe('Fon')
    expect(keepSelection('Fon', ['AAPLon', 'Fon'], ['AAPLon'])).toBe('AAPLon')
    expect(keepSelection('AAPLon', ['AAPLon'], [])).toBeNull()
  })

  it('stays on a symbol that was no row (in no list, shown for its alert), so its details stay open', () => {
    expect(keepSelection('NVDAon', ['AAPLon', 'TSLAon'], ['AAPLon', 'TSLAon'])).toBe('NVDAon')
    expect(keepSelection('NVDAon', ['AAPLon', 'TSLAon'], ['AAPLon'])).toBe('NVDAon')
  })
})
