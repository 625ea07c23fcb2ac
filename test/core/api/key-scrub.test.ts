import { describe, expect, it } from 'vitest'
import { parseJsonWithoutKey, scrubKey, withoutKey } from '../../../src/main/core/api/key-scrub'

/**
 * The key taken out of what a service sent (after parsing, so escaped forms count too) and out of
 * what leaves main (copy on write): each road, and what it leaves as it was.
 */

const KEY = 'scrub-key-7f3a91'

describe('scrubKey', () => {
  it('replaces every occurrence of the key, and leaves the text alone without a key', () => {
    expect(scrubKey(`a ${KEY} b ${KEY}`, KEY)).toBe('a [key] b [key]')
    expect(scrubKey(`a ${KEY}`, null)).toBe(`a ${KEY}`)
  })
})

describe('parseJsonWithoutKey', () => {
  it('parses as JSON.parse does when there is no key, even where the text holds one', () => {
    expect(parseJsonWithoutKey(`{"a":"${KEY}"}`, null)).toEqual({ a: KEY })
    expect(() => parseJsonWithoutKey('not json', KEY)).toThrow(SyntaxError)
  })

  it('takes the key out of a lone string, plain or escaped', () => {
    expect(parseJsonWithoutKey(JSON.stringify(`said ${KEY}`), KEY)).toBe('said [key]')
    expect(parseJsonWithoutKey('"said \\u0073crub-key-7f3a91"', KEY)).toBe('said [key]')
  })

  it('takes the key out of strings in arrays and objects at any depth, and of no other value', () => {
    const text = JSON.stringify({
      list: [`${KEY}!`, 1, null, true, [`x${KEY}`]],
      inner: { deeper: { word: `the key ${KEY}` }, none: null, n: 2 },
      other: 'kept',
    })
    expect(parseJsonWithoutKey(text, KEY)).toEqual({
      list: ['[key]!', 1, null, true, ['x[key]']],
      inner: { deeper: { word: 'the key [key]' }, none: null, n: 2 },
      other: 'kept',
    })
  })

  it('finds the key written with JSON escapes, which only the parsed strings show', () => {
    // "\u0073" is "s", "\/" is "/": the text never holds the key as it is.
    const escaped = '{"message":"key=\\u0073crub-key-7f3a91","path":"\\/v1"}'
    expect(escaped.includes(KEY)).toBe(false)
    expect(parseJsonWithoutKey(escaped, KEY)).toEqual({ message: 'key=[key]', path: '/v1' })
  })

  it('renames a property named after the key, its value kept and scrubbed, as a plain property', () => {
    const text = `{"first":1,"${KEY}":"${KEY} again","nested":{"x-${KEY}":{"y":"${KEY}"}},"last":2}`
    const parsed = parseJsonWithoutKey(text, KEY) as Record<string, unknown>
    expect(parsed).toEqual({
      first: 1,
      '[key]': '[key] again',
      nested: { 'x-[key]': { y: '[key]' } },
      last: 2,
    })
    expect(JSON.stringify(parsed)).not.toContain(KEY)
    // Enumerable (JSON.stringify and Object.keys see it), writable and deletable like any other.
    expect(Object.keys(parsed)).toEqual(['first', 'nested', 'last', '[key]'])
    parsed['[key]'] = 'changed'
    expect(parsed['[key]']).toBe('changed')
    delete parsed['[key]']
    expect('[key]' in parsed).toBe(false)
  })

  it('leaves a property that does not hold the key where and as it was', () => {
    const text = `{"a":"${KEY}","b":"plain","c":{"d":"plain"}}`
    const parsed = parseJsonWithoutKey(text, KEY) as Record<string, unknown>
    expect(Object.keys(parsed)).toEqual(['a', 'b', 'c'])
    expect(parsed).toEqual({ a: '[key]', b: 'plain', c: { d: 'plain' } })
  })

  it('walks an answer nested 100,000 arrays deep without running out of stack', () => {
    const depth = 100_000
    const text = `${'['.repeat(depth)}"${KEY}"${']'.repeat(depth)}`
    let value = parseJsonWithoutKey(text, KEY)
    for (let level = 0; level < depth; level++) value = (value as unknown[])[0]
    expect(value).toBe('[key]')
  })
})

describe('withoutKey', () => {
  it('returns the value itself without a key, or with an empty one', () => {
    const value = { word: `has ${KEY}` }
    expect(withoutKey(value, null)).toBe(value)
    expect(withoutKey(value, '')).toBe(value)
    expect(value.word).toBe(`has ${KEY}`)
  })

  it('returns the value itself, at every level, where the key is nowhere in it', () => {
    const inner = { symbol: 'AAPLon', prices: ['1.5', 2, null, false] }
    const value = { assets: [inner], asOf: 5, note: undefined }
    const result = withoutKey(value, KEY)
    expect(result).toBe(value)
    expect(withoutKey('plain', KEY)).toBe('plain')
    expect(withoutKey(7, KEY)).toBe(7)
    expect(withoutKey(null, KEY)).toBeNull()
  })

  it('copies only the parts that held the key, leaving the original untouched', () => {
    const kept = { symbol: 'TSLAon' }
    const value = { errors: [{ message: `bad key ${KEY}` }, kept], list: ['a', `b ${KEY}`], n: 1 }
    const result = withoutKey(value, KEY)
    expect(result).toEqual({
      errors: [{ message: 'bad key [key]' }, { symbol: 'TSLAon' }],
      list: ['a', 'b [key]'],
      n: 1,
    })
    expect(result).not.toBe(value)
    expect(result.errors[1]).toBe(kept)
    expect(value.errors[0]).toEqual({ message: `bad key ${KEY}` })
    expect(value.list).toEqual(['a', `b ${KEY}`])
  })

  it('renames a property named after the key, whatever its value', () => {
    expect(withoutKey({ [KEY]: 1, other: 2 }, KEY)).toEqual({ '[key]': 1, other: 2 })
    expect(withoutKey([{ [`x${KEY}`]: { plain: true } }], KEY)).toEqual([{ 'x[key]': { plain: true } }])
  })
})
