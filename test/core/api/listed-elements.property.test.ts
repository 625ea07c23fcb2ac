import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseJsonWithoutKey } from '../../../src/main/core/api/key-scrub'
import { readListedElements } from '../../../src/main/core/api/wire/listed-elements'
import { parseAllMarketRecords, parseAllMarketResponse } from '../../../src/main/core/api/wire/wire-parse'
import { marketRecord } from './api-client.fixtures'

/**
 * The all-assets market answer read for a few symbols (listed-elements.ts) against the whole
 * parse it stands in for: on answers of every shape, valid and broken, parseAllMarketResponse
 * gives the same records, rejections and listing from either, and the same error where there is
 * one; read without the listing, the same records, rejections and error; and on a service's answer
 * the unasked elements really are stubs, or left out without the listing (the fast path is taken).
 */

const KEY = 'test-key-0123456789'
const SYMBOLS = ['AAPLon', 'TSLAon', 'MSFTon', 'NVDAon', 'SPYon']

type Outcome = { value: unknown } | { error: string }

function outcome(read: () => unknown): Outcome {
  try {
    return { value: read() }
  } catch (error) {
    return { error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }
  }
}

const selective = (text: string, only: ReadonlySet<string>) =>
  outcome(() => parseAllMarketResponse(readListedElements(Buffer.from(text), KEY, only, true), only))
/** As the client read every answer before: the bytes decoded, then parsed whole. */
const whole = (text: string, only: ReadonlySet<string>) =>
  outcome(() => parseAllMarketResponse(parseJsonWithoutKey(Buffer.from(text).toString('utf8'), KEY), only))
/** Read for the records alone (no listing), as a feed whose listing is fresh reads it. */
const recordsOnly = (text: string, only: ReadonlySet<string>) =>
  outcome(() => parseAllMarketRecords(readListedElements(Buffer.from(text), KEY, only, false), only))
/** The whole parse's outcome without its listing. */
function withoutListing(read: Outcome): Outcome {
  if (!('value' in read)) return read
  const { listed: _listed, ...records } = read.value as { listed: unknown }
  return { value: records }
}

/** Elements written by hand: duplicate, escaped and odd members, odd values, the key reflected. */
const TRICKY_ELEMENTS = [
  '{"primaryMarket":{"symbol":"AAPLon"},"primaryMarket":{"symbol":"ZZZon"}}',
  '{"primaryMarket":{"symbol":"ZZZon","symbol":"AAPLon"},"underlyingMarket":{"ticker":"A","ticker":"B"}}',
  '{"symbol":"TSLAon","primaryMarket":{"symbol":"QQQon"}}',
  '{"symbol":7,"primaryMarket":{"symbol":"QQQon"}}',
  '{"primaryMarket":{"symbol":"AAPL\\u006fn"}}',
  '{"primaryMarket":{"symbol":"QQ\\u0051on"},"underlyingMarket":{"ticker":"Q\\"Q","name":"tab\\there"}}',
  '{"primary\\u004darket":{"symbol":"QQQon"}}',
  '{"primaryMarket":{"symbol":"QQQon"},"underlying\\u004darket":{"ticker":"Q","name":"N"}}',
  JSON.stringify({ symbol: 'TSLAon', ...marketRecord('QQQon') }),
  JSON.stringify({ ...marketRecord('QQQon'), symbol: 'AAPLon' }),
  '{"primaryMarket":[1,2],"underlyingMarket":"x"}',
  '{"primaryMarket":{"symbol":5},"symbol":null}',
  '{"primaryMarket":null}',
  '{"primaryMarket":{"symbol":"QQQon"},"underlyingMarket":null}',
  '{"primaryMarket":{"symbol":"QQQon"},"underlyingMarket":{"ticker":"Q","name":"Nestlé 😀 中"}}',
  '{"primaryMarket":{"symbol":"QQQon"},"underlyingMarket":{"ticker":["Q"],"name":{"a":1}}}',
  `{"primaryMarket":{"symbol":"QQQon"},"underlyingMarket":{"ticker":"Q","name":"${KEY}"}}`,
  '{"primaryMarket":{"symbol":"QQQon"},"underlyingMarket":{"ticker":"Q","name":"test-key-\\u0030123456789"}}',
  // Nested past MAX_DEPTH: read whole.
  `{"primaryMarket":{"symbol":"QQQon","deep":${'['.repeat(70)}1${']'.repeat(70)}}}`,
  ' { "primaryMarket" : { "symbol" : "QQQon" , "x" : [ 1 , -0.5e+3 , true , false , null ] } } ',
  '{}',
  '[]',
  '"AAPLon"',
  '-1.5E-7',
  'true',
  'null',
]

const recordElement = fc
  .tuple(fc.constantFrom(...SYMBOLS, 'QQQon', 'IWMon'), fc.constantFrom(undefined, 1, '\t', '\n  '))
  .map(([symbol, space]) => JSON.stringify(marketRecord(symbol), null, space))
const element = fc.oneof(
  { arbitrary: recordElement, weight: 4 },
  { arbitrary: fc.constantFrom(...TRICKY_ELEMENTS), weight: 3 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)), weight: 1 },
)
const answerText = fc
  .tuple(fc.array(element, { maxLength: 8 }), fc.constantFrom('', ' ', '\n', '\r\n\t'))
  .map(([elements, space]) => `${space}[${space}${elements.join(`,${space}`)}${space}]${space}`)
const only = fc.subarray(SYMBOLS).map((symbols) => new Set(symbols))

/** Characters that matter to JSON's grammar, and a control character. */
const SIGNIFICANT = [...'{}[]",:0123456789-+.eEtfnul\\ x', '\u0001', '\n']

describe('an all-assets market answer read for a few symbols', () => {
  it('gives what the whole parse gives, for answers of every shape', () => {
    fc.assert(
      fc.property(answerText, only, (text, asked) => {
        const expected = whole(text, asked)
        expect(selective(text, asked)).toEqual(expected)
        expect(recordsOnly(text, asked)).toEqual(withoutListing(expected))
      }),
      { numRuns: 600 },
    )
  })

  it('refuses what JSON.parse refuses, with its error, and reads what it reads', () => {
    const broken = fc
      .tuple(
        answerText,
        fc.nat(),
        fc.constantFrom(...SIGNIFICANT),
        fc.constantFrom('insert', 'delete', 'cut'),
      )
      .map(([text, position, character, change]) => {
        const at = position % (text.length + 1)
        if (change === 'insert') return text.slice(0, at) + character + text.slice(at)
        if (change === 'delete') return text.slice(0, at) + text.slice(at + 1)
        return text.slice(0, at)
      })
    fc.assert(
      fc.property(broken, only, (text, asked) => {
        const expected = whole(text, asked)
        expect(selective(text, asked)).toEqual(expected)
        expect(recordsOnly(text, asked)).toEqual(withoutListing(expected))
      }),
      { numRuns: 1_500 },
    )
  })

  it.each([
    '[01]',
    '[1.]',
    '[.5]',
    '[-]',
    '[+1]',
    '[1e]',
    '[1e+]',
    '[0x1]',
    '[tru]',
    '[truex]',
    '[nul]',
    '[1,]',
    '[,1]',
    '[1 2]',
    '["a\u0001"]',
    '["a\\x"]',
    '["\\u12g4"]',
    '["open]',
    '[{"a" 1}]',
    '[{"a":1,}]',
    '[{1:1}]',
    '[] []',
    '',
    ' ',
    '{"primaryMarket":{"symbol":"AAPLon"}}',
    '[-0, 1E5, 1e+5, 1.25e-3, 0.0, "\\ud800", "\\/\\b\\f\\n\\r\\t"]',
  ])('answers %j as JSON.parse does', (text) => {
    const asked = new Set(['AAPLon'])
    const expected = whole(text, asked)
    expect(selective(text, asked)).toEqual(expected)
    expect(recordsOnly(text, asked)).toEqual(withoutListing(expected))
  })

  it('keeps of an unasked element only what the listing reads, and the asked ones whole', () => {
    const answer = SYMBOLS.map((symbol) => marketRecord(symbol))
    const read = readListedElements(Buffer.from(JSON.stringify(answer)), KEY, new Set(['TSLAon']), true)
    expect(read).toEqual(
      answer.map((record) =>
        record.primaryMarket.symbol === 'TSLAon'
          ? record
          : {
              primaryMarket: { symbol: record.primaryMarket.symbol },
              underlyingMarket: {
                ticker: record.underlyingMarket.ticker,
                name: record.underlyingMarket.name,
              },
            },
      ),
    )
  })

  it('leaves the unasked elements out when no listing is read, and keeps the asked ones whole', () => {
    const answer = SYMBOLS.map((symbol) => marketRecord(symbol))
    const asked = new Set(['TSLAon', 'SPYon'])
    const read = readListedElements(Buffer.from(JSON.stringify(answer)), KEY, asked, false)
    expect(read).toEqual(answer.filter((record) => asked.has(record.primaryMarket.symbol)))
  })

  it('walks every piece of JSON an unasked element may hold without reading the answer whole', () => {
    // Whitespace of each kind, numbers of each form, the literals, empty and nested containers,
    // every simple escape and \u with each edge of the hex digits, bytes past ASCII, and member
    // names one letter or one byte away from the ones a stub keeps. Read whole, the unasked
    // element would come back entire, not as its stub.
    const odd = [
      '{ "symbol" :\t"QQQon" ,\r\n "symbox": "x", "symbo": 1, "symbols": [],',
      ' "primaryMarket" : {\n"symbol":"QQQon","price":"1.5","n":-0,"z":0,"big":90,',
      '"e":[1E5,1e+5,1.25e-3,-12.5E-2,0.09,9e9,0.0],"lits":[true,false,null],"o":{},"a":[ ],',
      '"deep":[[[{"x":[1,{"y":{}}]}]]],"s":"\\"\\\\\\/\\b\\f\\n\\r\\t\\u09AF\\uaf00 é 😀"},',
      '"primaryMarkex":{"symbol":"ZZZon"},"underlyingMarkeu":null,',
      '"underlyingMarket":{"tickex":"no","ticker":"QQQ","name":"Invesco \\u0051QQ é",',
      '"namd":5,"o":{"k":"v"}},',
      '"history":[{"t":1,"p":"2"}],"flag":true,"none":null,"neg":-3,"é":"x"}',
    ].join('')
    const asked = JSON.stringify(marketRecord('AAPLon'), null, '\t')
    const read = readListedElements(
      Buffer.from(`[\n${odd} ,\r\n\t${asked}\n]`),
      KEY,
      new Set(['AAPLon']),
      true,
    )
    expect(read).toEqual([
      {
        symbol: 'QQQon',
        primaryMarket: { symbol: 'QQQon' },
        underlyingMarket: { ticker: 'QQQ', name: 'Invesco QQQ é' },
      },
      marketRecord('AAPLon'),
    ])
    expect(readListedElements(Buffer.from(`[${odd}]`), KEY, new Set(['AAPLon']), false)).toEqual([])
  })

  it('walks values nested 64 deep in an unasked element, and reads deeper answers whole', () => {
    const element = (depth: number) =>
      `{"primaryMarket":{"symbol":"QQQon"},"deep":${'['.repeat(depth - 1)}1${']'.repeat(depth - 1)}}`
    // The member's value is at depth 1, its innermost number at 64: walked.
    expect(readListedElements(Buffer.from(`[${element(64)}]`), KEY, new Set(['AAPLon']), true)).toEqual([
      { primaryMarket: { symbol: 'QQQon' } },
    ])
    const deeper = `[${element(65)}]`
    expect(readListedElements(Buffer.from(deeper), KEY, new Set(['AAPLon']), true)).toEqual(
      JSON.parse(deeper),
    )
  })

  it('takes the key out of an unasked element, plain or escaped, as the whole parse does', () => {
    // The key as sent, and with one of its characters a JSON escape.
    for (const name of [KEY, 'test-key-\\u0030123456789']) {
      const text = `{"primaryMarket":{"symbol":"QQQon"},"underlyingMarket":{"ticker":"Q","name":"${name}"}}`
      const read = readListedElements(Buffer.from(`[${text}]`), KEY, new Set(['AAPLon']), true)
      expect(JSON.stringify(read)).not.toContain(KEY)
      expect(JSON.stringify(read)).toContain('[key]')
    }
  })

  it('reads each answer from its own start, after one left halfway for the whole parse', () => {
    // One walk serves every answer (kept so V8 keeps it optimised): nothing of one may leak into the next.
    const only = new Set(['AAPLon'])
    const good = `[${JSON.stringify(marketRecord('QQQon'))},${JSON.stringify(marketRecord('AAPLon'))}]`
    const expected = [marketRecord('AAPLon')]
    expect(readListedElements(Buffer.from(good), KEY, only, false)).toEqual(expected)
    // Broken after its first element: the walk stops there and the answer is parsed whole (refused).
    const broken = `[${JSON.stringify(marketRecord('QQQon'))},{"primaryMarket":`
    expect(() => readListedElements(Buffer.from(broken), KEY, only, false)).toThrow(SyntaxError)
    const deep = `[{"primaryMarket":{"symbol":"QQQon"},"deep":${'['.repeat(80)}${']'.repeat(80)}}]`
    expect(readListedElements(Buffer.from(deep), KEY, only, true)).toEqual(JSON.parse(deep))
    expect(readListedElements(Buffer.from(good), KEY, only, false)).toEqual(expected)
    expect(readListedElements(Buffer.from(good), KEY, new Set(['QQQon']), false)).toEqual([
      marketRecord('QQQon'),
    ])
  })
})
