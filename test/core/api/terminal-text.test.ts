import { describe, expect, it } from 'vitest'
import { logLine, printable, withheld } from '../../../src/main/core/api/terminal-text'

/** Text bound for a terminal or a log, made inert: what goes, what stays, and the secrets withheld. */

describe('printable', () => {
  it('drops escapes, bells, backspaces, a lone carriage return and the C1 controls', () => {
    const text = 'a\u001b[31mb\u0007c\bd\re\u000bf\u000cg\u0000h\u001fi\u007fj\u009bk\u0080l\u009fm'
    expect(printable(text)).toBe('a[31mbcdefghijklm')
  })

  it('keeps line feeds, tabs, a CSV line ending and every printable character', () => {
    const text = 'a\tb\nc\r\nd é\u00a0€ 😀'
    expect(printable(text)).toBe(text)
  })
})

describe('logLine', () => {
  it('makes each run of control characters, line breaks included, one space', () => {
    expect(logLine('a\r\n\tb\u001b\u0007c\u009fd\u00a0e')).toBe('a b c d\u00a0e')
    expect(logLine('plain words')).toBe('plain words')
  })
})

describe('withheld', () => {
  it('replaces every occurrence of each secret, and passes over an empty one', () => {
    expect(withheld('k1 and k2, k1 again', ['k1', '', 'k2'])).toBe('[key] and [key], [key] again')
    expect(withheld('nothing secret', ['', 'k1'])).toBe('nothing secret')
    expect(withheld('k1', [])).toBe('k1')
  })
})
