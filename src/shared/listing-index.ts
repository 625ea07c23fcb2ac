import { BRAND_ALIASES } from './brand-aliases'
import type { ListedAsset } from './domain'
import { type SymbolCheck, normalizeSymbolInput } from './symbols'

/**
 * The service's listing, indexed once, to find assets as traders write them: a ticker with any
 * separator ("brk-b", "BRK/B", "brk b", "brkb" for BRK.Bon), or a name word by word in any order,
 * without case, punctuation, accents or filler words ("coca cola", "procter gamble", "nestle").
 * Pure: the renderer's search, main's import and the CLI read the same listing the same way.
 */

/** Words a company name carries that say nothing about which company it is. */
const FILLER_WORDS = new Set(['the', 'and', 'inc', 'corp', 'co', 'class'])

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/

/** Lower case, accents off ("Nestlé" -> "nestle"), apostrophes dropped ("McDonald's" -> "mcdonalds"). */
export function foldText(text: string): string {
  // Most names are plain ASCII: they skip the Unicode decomposition, the dearest step of indexing.
  const decomposed = PRINTABLE_ASCII.test(text) ? text : text.normalize('NFKD').replace(/\p{M}/gu, '')
  return decomposed.toLowerCase().replace(/['’ʼ`]/g, '')
}

/** Anything that is not a letter or a digit: what separates words, and tickers' parts. */
const SEPARATORS = /[^\p{L}\p{N}]+/u
const ASCII_WORDS = /[a-z0-9]+/g

/** Whether an ASCII character is a letter or a digit. */
function isAsciiLetterOrDigit(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || (code >= 65 && code <= 90)
}

/** The words of folded text: its runs of letters and digits, filler words included. */
function wordsOfFolded(folded: string): string[] {
  // Most names are ASCII, and folded text is lower case: their words are matched by a plain
  // pattern, where the Unicode one's split and the filter after it took a third of indexing
  // 10,000 listed assets (in a window, that is one task).
  if (PRINTABLE_ASCII.test(folded)) return folded.match(ASCII_WORDS) ?? []
  return folded.split(SEPARATORS).filter((word) => word !== '')
}

function withoutFiller(words: string[]): string[] {
  // Most words lists hold no filler: they are kept as they are, not copied.
  const isFiller = (word: string) => FILLER_WORDS.has(word)
  return words.some(isFiller) ? words.filter((word) => !isFiller(word)) : words
}

/** The words that tell a name apart: folded, split at anything not a letter or digit, filler out. */
export function significantWords(text: string): string[] {
  return withoutFiller(wordsOfFolded(foldText(text)))
}

/** A ticker without its separators: "BRK.B", "brk-b" and "BRK B" are all "brkb". */
function separatorFree(text: string): string {
  return wordsOfFolded(foldText(text)).join('')
}

/** A ticker with each run of separators as one space: "BRK.B", "brk/b" and "brk - b" are "brk b". */
function separatorsAlike(text: string): string {
  return wordsOfFolded(foldText(text)).join(' ')
}

/**
 * Words written as one string with where each starts, so that typed words can match across the
 * name's own joins: "jp morgan" runs along "jpmorgan", "cocacola" along "coca" "cola".
 */
interface Phrase {
  joined: string
  starts: readonly number[]
}

/** A phrase of one word (most tickers, many names) starts at 0 only: one array for all of them. */
const ONE_WORD_STARTS: readonly number[] = [0]

function phraseOf(words: readonly string[]): Phrase {
  // join, not +=: one flat string, where += leaves a chain of pieces that the first search must
  // flatten (and that holds every word meanwhile).
  const joined = words.join('')
  if (words.length === 1) return { joined, starts: ONE_WORD_STARTS }
  // map, not push: an array of the words' number, where push leaves room for 17.
  let at = 0
  const starts = words.map((word) => {
    const start = at
    at += word.length
    return start
  })
  return { joined, starts }
}

/**
 * Whether `typed` runs along the phrase from the start of one of its words; `wholeWords` also asks
 * that it stop at the end of one ("coca" but not "coc").
 */
function runsAlong(phrase: Phrase, typed: string, wholeWords: boolean): boolean {
  return phrase.starts.some((start) => {
    if (!phrase.joined.startsWith(typed, start)) return false
    const end = start + typed.length
    return !wholeWords || end === phrase.joined.length || phrase.starts.includes(end)
  })
}

/*
 * Plain loops over the first `count` phrases, not a callback handed to a shared one: a keystroke
 * calls these for each of 10,000 listed assets, and V8 inlines a loop whose one call it knows
 * (at 10,000 listed, a median keystroke of 3.2 ms with the callbacks, 0.36 ms without).
 */

function inSomePhrase(word: string, phrases: readonly Phrase[], count: number): boolean {
  for (let at = 0; at < count; at++) if ((phrases[at] as Phrase).joined.includes(word)) return true
  return false
}

function runsAlongSome(
  text: string,
  phrases: readonly Phrase[],
  count: number,
  wholeWords: boolean,
): boolean {
  for (let at = 0; at < count; at++) if (runsAlong(phrases[at] as Phrase, text, wholeWords)) return true
  return false
}

/**
 * Whether every typed word is found, in any order: each run of neighbouring typed words, joined,
 * must run along one of the first `count` phrases ("jp" "morgan" as "jpmorgan").
 */
function wordsFound(
  typed: readonly string[],
  phrases: readonly Phrase[],
  count: number,
  wholeWords: boolean,
): boolean {
  // A typed word that is nowhere in the phrases cannot be part of a run along one: most of a
  // listing is turned away here, before any run is tried.
  for (const word of typed) if (!inSomePhrase(word, phrases, count)) return false
  const found = (text: string) => runsAlongSome(text, phrases, count, wholeWords)
  // foundFrom[i]: typed[i..] can be cut into runs that are all found; filled from the end.
  const foundFrom: boolean[] = []
  foundFrom[typed.length] = true
  for (let from = typed.length - 1; from >= 0; from--) {
    let run = ''
    foundFrom[from] = false
    for (let to = from; to < typed.length && !foundFrom[from]; to++) {
      run += typed[to]
      foundFrom[from] = foundFrom[to + 1] === true && found(run)
    }
  }
  return foundFrom[0] === true
}

/**
 * One listed asset as the search reads it. Fields, not lists, where the number is fixed: a window
 * indexes 10,000 listed assets on its main thread, and each object made there is paid for again
 * by the collector.
 */
interface IndexedAsset {
  asset: ListedAsset
  /** The service's order, which breaks ties. */
  position: number
  /** Ticker and symbol without separators, for "brkb". */
  tickerCode: string
  symbolCode: string
  /** Ticker and symbol with their separators alike, for "brk-b". */
  tickerSeparated: string
  symbolSeparated: string
  /**
   * The name's words, the brand aliases' words (what a whole-name reading may match: all but the
   * last), then the ticker's words ("berkshire b" uses the B of BRK.B).
   */
  phrases: readonly Phrase[]
  /** Characters of the name's significant words, against which a match's coverage is measured. */
  nameLength: number
}

/** The best a match can be: the exact symbol or ticker, then one starting so, then names. */
const EXACT_CODE = 0
const CODE_PREFIX = 1
const NAME_MATCH = 2

/** The parts joined; a code of one part (most) is that part itself, not a copy of it. */
function joined(parts: readonly string[], separator: string): string {
  return parts.length === 1 ? (parts[0] as string) : parts.join(separator)
}

/** Whether a symbol is its ticker with "on" added, as the service names them ("BRK.B", "BRK.Bon"). */
function namedAfterTicker(symbol: string, ticker: string): boolean {
  return (
    symbol.length === ticker.length + 2 &&
    symbol.endsWith('on') &&
    symbol.startsWith(ticker) &&
    // "X." and "Xon" are not one code: the separator would come between the parts.
    isAsciiLetterOrDigit(ticker.charCodeAt(ticker.length - 1))
  )
}

function indexed(asset: ListedAsset, position: number): IndexedAsset {
  const ticker = asset.ticker ?? asset.symbol.replace(/on$/, '')
  const nameWords = significantWords(asset.name ?? '')
  const aliases = BRAND_ALIASES[ticker] ?? []
  // Each code folded and split once: its parts give it without separators, with them alike, and
  // as words; a symbol named after its ticker (most) takes the ticker's with "on" added.
  const tickerParts = wordsOfFolded(foldText(ticker))
  const tickerCode = joined(tickerParts, '')
  const tickerSeparated = joined(tickerParts, ' ')
  const symbolParts = namedAfterTicker(asset.symbol, ticker) ? null : wordsOfFolded(foldText(asset.symbol))
  const symbolCode = symbolParts ? joined(symbolParts, '') : `${tickerCode}on`
  const tickerPhrase = phraseOf(withoutFiller(tickerParts))
  // One literal, not pushed to: pushing leaves room for 17 phrases in each asset's list.
  const namePhrase = phraseOf(nameWords)
  const phrases =
    aliases.length === 0
      ? [namePhrase, tickerPhrase]
      : [namePhrase, ...aliases.map((alias) => phraseOf(significantWords(alias))), tickerPhrase]
  return {
    asset,
    position,
    tickerCode,
    symbolCode,
    tickerSeparated,
    symbolSeparated: symbolParts
      ? joined(symbolParts, ' ')
      : tickerSeparated === tickerCode
        ? symbolCode
        : `${tickerSeparated}on`,
    phrases,
    nameLength: namePhrase.joined.length || tickerPhrase.joined.length,
  }
}

/** Whether an entry's ticker or symbol is the code. */
function hasCode(entry: IndexedAsset, code: string): boolean {
  return entry.tickerCode === code || entry.symbolCode === code
}

/** How many assets are indexed between two looks at the clock: some 0.1-0.5 ms of work. */
const ASSETS_BETWEEN_CHECKS = 64

export class ListingIndex {
  /** The assets indexed so far, in the service's order: all of them once any question is asked. */
  private readonly entries: IndexedAsset[] = []
  /** Made at the first question, not with the index: a window's search never asks it. */
  private symbols: ReadonlySet<string> | null = null

  /** Indexes nothing yet: the first question, or indexWhile's slices, do. */
  constructor(private readonly assets: readonly ListedAsset[]) {}

  /**
   * Indexes the assets not yet indexed, asking `keepGoing` after every few, until it says no or
   * none is left; true while some are. A window indexes 10,000 listed assets this way, a slice per
   * task, rather than in one task that holds its thread for most of 100 ms.
   */
  indexWhile(keepGoing: () => boolean): boolean {
    const { assets, entries } = this
    while (entries.length < assets.length) {
      const end = Math.min(assets.length, entries.length + ASSETS_BETWEEN_CHECKS)
      for (let at = entries.length; at < end; at++) entries.push(indexed(assets[at] as ListedAsset, at))
      if (!keepGoing()) break
    }
    return entries.length < assets.length
  }

  /** Every asset indexed: what is left of a sliced build is finished by the question that needs it. */
  private indexedEntries(): readonly IndexedAsset[] {
    this.indexWhile(() => true)
    return this.entries
  }

  isListed(symbol: string): boolean {
    this.symbols ??= new Set(this.assets.map((asset) => asset.symbol))
    return this.symbols.has(symbol)
  }

  /**
   * Best matches first: an exact symbol or ticker, then those starting with what was typed, then
   * names whose words the typed words start, the more of the name they cover the better; ties keep
   * the service's order. One character looks at tickers only, so "a" does not list every "A…" name.
   */
  search(query: string, limit: number): ListedAsset[] {
    const code = separatorFree(query)
    if (code === '') return []
    const typed = code.length > 1 ? significantWords(query) : []
    const typedLength = typed.join('').length
    const scored: { entry: IndexedAsset; score: number }[] = []
    for (const entry of this.indexedEntries()) {
      let score: number | null = null
      if (hasCode(entry, code)) score = EXACT_CODE
      else if (entry.tickerCode.startsWith(code) || entry.symbolCode.startsWith(code)) score = CODE_PREFIX
      else if (typed.length > 0 && wordsFound(typed, entry.phrases, entry.phrases.length, false))
        score = NAME_MATCH + 1 - Math.min(1, typedLength / Math.max(1, entry.nameLength))
      if (score !== null) scored.push({ entry, score })
    }
    scored.sort((a, b) => a.score - b.score || a.entry.position - b.entry.position)
    return scored.slice(0, limit).map(({ entry }) => entry.asset)
  }

  /**
   * What an import line or a --symbols entry names when it is not a listed symbol as written: the
   * same ticker with other separators or none ("brk-b", "BRK B", "brkb"), as the search's exact
   * match finds it, or, in whole words, exactly one listed name or brand ("coca cola", "google").
   * Null when nothing, or more than one asset, fits.
   */
  readAs(input: string): ListedAsset | null {
    const separated = separatorsAlike(input)
    if (separated === '') return null
    const entries = this.indexedEntries()
    const bySeparators = entries.filter(
      (entry) => entry.tickerSeparated === separated || entry.symbolSeparated === separated,
    )
    if (bySeparators.length > 0) return only(bySeparators)
    const code = separatorFree(input)
    const byCode = entries.filter((entry) => hasCode(entry, code))
    if (byCode.length > 0) return only(byCode)
    const typed = significantWords(input)
    if (typed.length === 0 || typed.join('').length < 2) return null
    // Names and brands only: the last phrase, the ticker's, is left out.
    const byName = (entry: IndexedAsset) => wordsFound(typed, entry.phrases, entry.phrases.length - 1, true)
    return only(entries.filter(byName))
  }

  /**
   * A guess for an entry that could not be read, offered, never applied: the one asset a search
   * finds. Not from a single letter ("../x" is a path, not a ticker someone meant to type).
   */
  likelyMeant(input: string): ListedAsset | null {
    if (separatorFree(input).length < 2) return null
    const found = this.search(input, 2)
    return found.length === 1 ? (found[0] as ListedAsset) : null
  }
}

/**
 * How one entry reads against the listing, the same for the window's import, the command line's
 * --symbols and its ledger: a listed symbol as written ("AAPLon", "aapl"), else the one listed
 * asset it names (readAs), else not listed, with the symbol it would be as written (which may be
 * no symbol at all) and a guess.
 */
export type EntryReading =
  { symbol: string; readAs: boolean } | { symbol: null; asWritten: SymbolCheck; guess: ListedAsset | null }

export function readEntry(input: string, listing: ListingIndex): EntryReading {
  const asWritten = normalizeSymbolInput(input, (symbol) => listing.isListed(symbol))
  if (asWritten.ok && listing.isListed(asWritten.symbol)) return { symbol: asWritten.symbol, readAs: false }
  const named = listing.readAs(input)
  if (named) return { symbol: named.symbol, readAs: true }
  return { symbol: null, asWritten, guess: listing.likelyMeant(input) }
}

function only(entries: readonly IndexedAsset[]): ListedAsset | null {
  return entries.length === 1 ? (entries[0] as IndexedAsset).asset : null
}
