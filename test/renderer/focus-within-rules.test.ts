import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * Chromium restyles the whole subtree of every element that gains or loses `:focus-within` when
 * any rule puts a pseudo-element (`::placeholder`) behind that pseudo-class: the focus moving
 * into a dialog then restyled the watchlist's 784 elements twice (T and Escape). Such a rule is
 * written with an inherited custom property instead (styles/layout.css, the collapsed search).
 */

const STYLES = join(__dirname, '..', '..', 'src', 'renderer', 'styles')

function selectorsOf(css: string): string[] {
  const rules = css.replace(/\/\*[\s\S]*?\*\//g, '').match(/[^{}]+(?=\{)/g) ?? []
  return rules.flatMap((rule) => rule.split(',')).map((selector) => selector.trim())
}

describe('the stylesheets', () => {
  it('put no pseudo-element behind :focus-within', () => {
    const sheets = readdirSync(STYLES).filter((name) => name.endsWith('.css'))
    expect(sheets.length).toBeGreaterThan(0)
    const offending = sheets.flatMap((name) =>
      selectorsOf(readFileSync(join(STYLES, name), 'utf8'))
        .filter((selector) => /:focus-within.*::/.test(selector))
        .map((selector) => `${name}: ${selector}`),
    )
    expect(offending).toEqual([])
  })
})
