import { parseJsonWithoutKey } from '../key-scrub'

/**
 * The all-assets market answer (endpoint 2) read for the few symbols asked for. The answer lists
 * every asset with its 24 h history (some 5 KB an asset): decoded whole and parsed with
 * JSON.parse, an answer of the 10,000 assets the notes ask to keep workable (52 MB) made 82 MB of
 * objects and took 0.8 s, once a minute, to keep the watched few; read as below, 7 MB and 0.3 s.
 * At 400 assets (2 MB) the walk costs 5-8 ms of CPU an answer; its bytes cost more (answer-body.ts).
 *
 * The answer's bytes are walked once, checked as JSON.parse checks the text, without making an
 * object. An element whose symbol is asked for, or cannot be told, is decoded and parsed whole.
 * With `listing`, every other element becomes a stub of what the listing and the symbol filter
 * read of it (its `symbol`, `primaryMarket.symbol`, `underlyingMarket.ticker` and
 * `underlyingMarket.name`: wire-parse.ts, listed-assets.ts), so that parseAllMarketResponse reads
 * the result as it reads the whole answer; without it, every other element is left out, as the
 * symbol filter would pass it over. A member's name is compared as bytes, never decoded, unless it
 * is one the walk keeps. Anything out of the ordinary (not an array, nesting deeper than
 * MAX_DEPTH, an escaped name, the key in the answer, anything JSON.parse would refuse) is read the
 * old way, whole: the result and every error stay those of parseJsonWithoutKey.
 */
export function readListedElements(
  body: Buffer,
  key: string | null,
  only: ReadonlySet<string>,
  listing: boolean,
): unknown {
  const whole = () => parseJsonWithoutKey(body.toString('utf8'), key)
  if (key !== null && body.includes(key)) return whole()
  try {
    return WALK.answer(body, key, only, listing)
  } catch (error) {
    if (error !== READ_WHOLE) throw error
    return whole()
  }
}

/** Thrown where the walk stops: the answer is then read whole. */
const READ_WHOLE = new Error('read the answer whole')

/** Deeper than an asset's record ever nests (4); deeper answers are read whole, by JSON.parse. */
const MAX_DEPTH = 64

const QUOTE = 0x22
const BACKSLASH = 0x5c
const COMMA = 0x2c
const COLON = 0x3a
const OPEN_ARRAY = 0x5b
const CLOSE_ARRAY = 0x5d
const OPEN_OBJECT = 0x7b
const CLOSE_OBJECT = 0x7d
const MINUS = 0x2d
const PLUS = 0x2b
const DOT = 0x2e
const ZERO = 0x30
/** What may follow a backslash but a `u`: " \ / b f n r t. */
const SIMPLE_ESCAPES = new Set([0x22, 0x5c, 0x2f, 0x62, 0x66, 0x6e, 0x72, 0x74])
const LITERALS = new Map([
  [0x74, Buffer.from('true')],
  [0x66, Buffer.from('false')],
  [0x6e, Buffer.from('null')],
])
const isDigit = (code: number) => code >= 0x30 && code <= 0x39
const isHexDigit = (code: number) =>
  isDigit(code) || (code >= 0x41 && code <= 0x46) || (code >= 0x61 && code <= 0x66)

/** The members of an element a stub keeps: the symbol filter's, and with the listing, its names. */
const FILTER_NAMES = ['symbol', 'primaryMarket']
const LISTING_NAMES = [...FILTER_NAMES, 'underlyingMarket']
/** What a stub keeps of each object it copies. */
const PRIMARY_NAMES = ['symbol']
const UNDERLYING_NAMES = ['ticker', 'name']

/** An element the walk leaves out of the answer (not asked for, and no listing read). */
const LEFT_OUT = Symbol('left out')

/**
 * A cursor over the answer's bytes. Past the end a byte reads as undefined, which no comparison
 * below accepts. A byte of 0x80 or more is part of a character only a string may hold: the walk
 * passes it as string content, as JSON.parse passes what decoding makes of it.
 */
class ElementWalk {
  private at = 0
  private bytes: Buffer = NO_BYTES
  private key: string | null = null
  private only: ReadonlySet<string> = NO_SYMBOLS
  private listing = false

  /** One answer walked; the walk then lets go of its bytes, its symbols and the key. */
  answer(bytes: Buffer, key: string | null, only: ReadonlySet<string>, listing: boolean): unknown[] {
    this.at = 0
    this.bytes = bytes
    this.key = key
    this.only = only
    this.listing = listing
    try {
      return this.elements()
    } finally {
      this.bytes = NO_BYTES
      this.key = null
      this.only = NO_SYMBOLS
    }
  }

  private elements(): unknown[] {
    const elements: unknown[] = []
    this.space()
    this.expect(OPEN_ARRAY)
    this.space()
    if (this.code() === CLOSE_ARRAY) this.at++
    else
      for (;;) {
        const element = this.element()
        if (element !== LEFT_OUT) elements.push(element)
        if (this.endOfList(CLOSE_ARRAY)) break
      }
    this.space()
    if (this.at !== this.bytes.length) throw READ_WHOLE
    return elements
  }

  /** After an item: true at the list's end (consumed), false after a comma. */
  private endOfList(close: number): boolean {
    this.space()
    const code = this.code()
    this.at++
    if (code === COMMA) return false
    if (code === close) return true
    throw READ_WHOLE
  }

  /** One element of the answer: parsed whole where asked for (or nameless), else its stub or nothing. */
  private element(): unknown {
    this.space()
    const start = this.at
    if (this.code() !== OPEN_OBJECT) {
      this.skip(1)
      return this.parsed(start)
    }
    const stub: Record<string, unknown> = {}
    this.members(this.listing ? LISTING_NAMES : FILTER_NAMES, (name) => {
      if (name === 'symbol') stub.symbol = this.copied(1)
      else if (name === 'primaryMarket') stub.primaryMarket = this.copiedPart(PRIMARY_NAMES)
      else if (name === 'underlyingMarket') stub.underlyingMarket = this.copiedPart(UNDERLYING_NAMES)
      else this.skip(1)
    })
    const symbol = claimedSymbol(stub)
    if (symbol === null || this.only.has(symbol)) return this.parsed(start)
    return this.listing ? stub : LEFT_OUT
  }

  /** A member object of the element with only `names` copied; any other value copied whole. */
  private copiedPart(names: readonly string[]): unknown {
    this.space()
    if (this.code() !== OPEN_OBJECT) return this.copied(2)
    const part: Record<string, unknown> = {}
    this.members(names, (name) => {
      if (name === undefined) this.skip(2)
      else part[name] = this.copied(2)
    })
    return part
  }

  /** The value at the cursor, parsed (a name, a ticker: a few bytes). */
  private copied(depth: number): unknown {
    this.space()
    const start = this.at
    // A string without an escape is its bytes decoded, as JSON.parse would read it.
    if (this.code() === QUOTE && !this.string()) return this.bytes.toString('utf8', start + 1, this.at - 1)
    this.at = start
    this.skip(depth)
    return this.parsed(start)
  }

  private parsed(start: number): unknown {
    return parseJsonWithoutKey(this.bytes.toString('utf8', start, this.at), this.key)
  }

  /**
   * The members of the element or of one of its objects, from the opening brace: each value left
   * to `member`, which is given the member's name where it is one of `names` (else undefined) and
   * must walk past the value.
   */
  private members(names: readonly string[], member: (name: string | undefined) => void): void {
    this.expect(OPEN_OBJECT)
    this.space()
    if (this.code() === CLOSE_OBJECT) {
      this.at++
      return
    }
    do {
      this.space()
      const start = this.at + 1
      // An escaped name could spell a compared one: such answers are read whole.
      if (this.string()) throw READ_WHOLE
      const name = this.nameAmong(names, start, this.at - 1)
      this.space()
      this.expect(COLON)
      member(name)
    } while (!this.endOfList(CLOSE_OBJECT))
  }

  /**
   * Which of `names` (ASCII) the bytes from `start` to `end` spell, if any. Compared in place: the
   * walk meets some 20 names an element, and decoding each made 8,000 strings an answer at 400.
   */
  private nameAmong(names: readonly string[], start: number, end: number): string | undefined {
    const { bytes } = this
    const length = end - start
    for (const name of names) {
      if (name.length !== length) continue
      let at = 0
      while (at < length && bytes[start + at] === name.charCodeAt(at)) at++
      if (at === length) return name
    }
    return undefined
  }

  /** Walks past one value, checking it as JSON.parse would. */
  private skip(depth: number): void {
    if (depth > MAX_DEPTH) throw READ_WHOLE
    this.space()
    const code = this.code()
    if (code === QUOTE) {
      this.string()
      return
    }
    if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
      const close = code === OPEN_OBJECT ? CLOSE_OBJECT : CLOSE_ARRAY
      this.at++
      this.space()
      if (this.code() === close) {
        this.at++
        return
      }
      do {
        if (code === OPEN_OBJECT) {
          this.space()
          this.string()
          this.space()
          this.expect(COLON)
        }
        this.skip(depth + 1)
      } while (!this.endOfList(close))
      return
    }
    const literal = LITERALS.get(code as number)
    if (literal !== undefined) {
      const end = this.at + literal.length
      if (end > this.bytes.length || this.bytes.compare(literal, 0, literal.length, this.at, end) !== 0)
        throw READ_WHOLE
      this.at = end
      return
    }
    this.number()
  }

  /** Walks past a string from its opening quote; true where it held an escape. */
  private string(): boolean {
    this.expect(QUOTE)
    const { bytes } = this
    let at = this.at
    let escaped = false
    for (;;) {
      const code = bytes[at]
      if (code === QUOTE) break
      // A raw control character, or the answer's end (undefined).
      if (!((code as number) >= 0x20)) throw READ_WHOLE
      if (code === BACKSLASH) {
        escaped = true
        at = escapeEnd(bytes, at)
      } else at++
    }
    this.at = at + 1
    return escaped
  }

  /** Walks past a number: -? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)? */
  private number(): void {
    if (this.code() === MINUS) this.at++
    if (this.code() === ZERO) this.at++
    else this.digits()
    if (this.code() === DOT) {
      this.at++
      this.digits()
    }
    const code = this.code()
    if (code === 0x65 || code === 0x45) {
      this.at++
      if (this.code() === PLUS || this.code() === MINUS) this.at++
      this.digits()
    }
  }

  /** One digit or more. */
  private digits(): void {
    const { bytes } = this
    let at = this.at
    if (!isDigit(bytes[at] as number)) throw READ_WHOLE
    do at++
    while (isDigit(bytes[at] as number))
    this.at = at
  }

  private space(): void {
    const { bytes } = this
    let at = this.at
    let code = bytes[at]
    while (code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09) code = bytes[++at]
    this.at = at
  }

  private code(): number | undefined {
    return this.bytes[this.at]
  }

  private expect(code: number): void {
    if (this.code() !== code) throw READ_WHOLE
    this.at++
  }
}

const NO_BYTES = Buffer.alloc(0)
const NO_SYMBOLS: ReadonlySet<string> = new Set()

/**
 * The one walk every answer goes through, kept for the life of the module. V8's optimised code
 * checks the walk's hidden class, and holds that class weakly: with a new walk per answer the
 * class died with each answer's walk, a collection between two answers then threw the optimised
 * code away ("embedded weak objects cleared"), and the next minute's answer was walked
 * unoptimised: 16-36 ms of CPU where a warm walk takes 4-6 (1 December, three minutes of
 * streaming). The walk is synchronous, so one at a time is all there is.
 */
const WALK = new ElementWalk()

/** Past one escape, from its backslash: \" \\ \/ \b \f \n \r \t, or \u and four hex digits. */
function escapeEnd(bytes: Buffer, backslash: number): number {
  const next = bytes[backslash + 1] as number
  if (SIMPLE_ESCAPES.has(next)) return backslash + 2
  if (next !== 0x75) throw READ_WHOLE
  for (let i = 2; i < 6; i++) if (!isHexDigit(bytes[backslash + i] as number)) throw READ_WHOLE
  return backslash + 6
}

/** The symbol an element names, as wire-parse.ts's filter reads it: its own, else its primary market's. */
function claimedSymbol(stub: Record<string, unknown>): string | null {
  if (typeof stub.symbol === 'string') return stub.symbol
  const primary = stub.primaryMarket
  if (typeof primary !== 'object' || primary === null) return null
  const symbol = (primary as Record<string, unknown>).symbol
  return typeof symbol === 'string' ? symbol : null
}
