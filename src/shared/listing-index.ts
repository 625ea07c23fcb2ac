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

/** Lower case, accents off ("Nestlé" -> "nestle"), apostrophes dropped ("McDonald's" -> "mcdonalds"). */
export function foldText(text: string): string {
  // Most names are plain ASCII: they skip the Unicode decomposition, the dearest step of indexing.
  const decomposed = /^[\x20-\x7e]*$/.test(text) ? text : text.normalize('NFKD').replace(/\p{M}/gu, '')
  return decomposed.toLowerCase().replace(/['’ʼ`]/g, '')
}

/** Anything that is not a letter or a digit: what separates words, and tickers' parts. */
const SEPARATORS = /[^\p{L}\p{N}]+/u

/** The words of folded text: its runs of letters and digits, filler words included. */
function wordsOfFolded(folded: string): string[] {
  return folded.split(SEPARATORS).filter((word) => word !== '')
}

function withoutFiller(words: readonly string[]): string[] {
  return words.filter((word) => !FILLER_WORDS.has(word))
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
  const starts: number[] = []
  let at = 0
  for (const word of words) {
    starts.push(at)
    at += word.length
  }
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

/**
 * Whether every typed word is found, in any order: each run of neighbouring typed words, joined,
 * must run along one of the phrases ("jp" "morgan" as "jpmorgan").
 */
function wordsFound(typed: readonly string[], phrases: readonly Phrase[], wholeWords: boolean): boolean {
  // A typed word that is nowhere in the phrases cannot be part of a run along one: most of a
  // listing is turned away here, before any run is tried.
  if (!typed.every((word) => phrases.some((phrase) => phrase.joined.includes(word)))) return false
  const found = (text: string) => phrases.some((phrase) => runsAlong(phrase, text, wholeWords))
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

interface IndexedAsset {
  asset: ListedAsset
  /** The service's order, which breaks ties. */
  position: number
  /** Ticker and symbol without separators, for "brkb". */
  codes: readonly string[]
  /** Ticker and symbol with their separators alike, for "brk-b". */
  separated: readonly string[]
  /** The name's words and the brand aliases' words: what a whole-name reading may match. */
  namePhrases: readonly Phrase[]
  /** The above and the ticker's words ("berkshire b" uses the B of BRK.B). */
  allPhrases: readonly Phrase[]
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

function indexed(asset: ListedAsset, position: number): IndexedAsset {
  const ticker = asset.ticker ?? asset.symbol.replace(/on$/, '')
  const nameWords = significantWords(asset.name ?? '')
  const aliases = BRAND_ALIASES[ticker]
  const namePhrases = [phraseOf(nameWords)]
  if (aliases) for (const alias of aliases) namePhrases.push(phraseOf(significantWords(alias)))
  // Each code folded and split once (10,000 listed assets are indexed in one task of the window's
  // main thread): its parts give it without separators, with them alike, and as words.
  const tickerParts = wordsOfFolded(foldText(ticker))
  const symbolParts = wordsOfFolded(foldText(asset.symbol))
  const tickerPhrase = phraseOf(withoutFiller(tickerParts))
  return {
    asset,
    position,
    codes: [joined(tickerParts, ''), joined(symbolParts, '')],
    separated: [joined(tickerParts, ' '), joined(symbolParts, ' ')],
    namePhrases,
    allPhrases: [...namePhrases, tickerPhrase],
    nameLength: nameWords.join('').length || tickerPhrase.joined.length,
  }
}

export class ListingIndex {
  private readonly entries: readonly IndexedAsset[]
  private readonly symbols: ReadonlySet<string>

  constructor(assets: readonly ListedAsset[]) {
    this.entries = assets.map(indexed)
    const symbols = new Set<string>()
    for (const asset of assets) symbols.add(asset.symbol)
    this.symbols = symbols
  }

  isListed(symbol: string): boolean {
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
    for (const entry of this.entries) {
      let score: number | null = null
      if (entry.codes.includes(code)) score = EXACT_CODE
      else if (entry.codes.some((candidate) => candidate.startsWith(code))) score = CODE_PREFIX
      else if (typed.length > 0 && wordsFound(typed, entry.allPhrases, false))
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
    const bySeparators = this.entries.filter((entry) => entry.separated.includes(separated))
    if (bySeparators.length > 0) return only(bySeparators)
    const code = separatorFree(input)
    const byCode = this.entries.filter((entry) => entry.codes.includes(code))
    if (byCode.length > 0) return only(byCode)
    const typed = significantWords(input)
    if (typed.length === 0 || typed.join('').length < 2) return null
    return only(this.entries.filter((entry) => wordsFound(typed, entry.namePhrases, true)))
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
