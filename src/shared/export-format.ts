import { type CsvRow, parseCsv } from './csv'
import type { AssetQuote } from './domain'
import type { Transaction } from './holdings'
import { type ListingIndex, readEntry } from './listing-index'
import { normalizeSymbolInput, type SymbolCheck } from './symbols'

/**
 * Import of a watchlist from what a person has at hand: a plain list, someone's CSV with a symbol
 * column, or our own export (whose JSON shape is stated here; main writes it:
 * core/lists/watchlist-export.ts). Pure string work, so main uses it for the open dialog and the
 * window for an import's preview.
 */

export type ExportFormat = 'csv' | 'json'

/** Tags our JSON export, so an import can tell it from any other JSON. */
export const JSON_EXPORT_VERSION = 1

export interface WatchlistExport {
  version: typeof JSON_EXPORT_VERSION
  exportedAt: string
  /** The list exported (the one shown): what an import of this file reads. */
  watchlist: string[]
  /** Every watchlist, by name, when more than the shown one was exported. */
  lists?: { name: string; symbols: string[] }[]
  /** The quotes of every symbol above, once each. */
  assets: AssetQuote[]
  /** The holdings ledger, every transaction in time order, when one was handed to the export. */
  transactions?: Transaction[]
  /**
   * The watched wallets (issue 48): only when the person asked for them (a wallet's address is
   * personal data); an import reads the lists and leaves these aside.
   */
  wallets?: { address: string; label: string; addedAt: string }[]
}

// ---------------------------------------------------------------------------------------------
// Import

export interface ImportProblem {
  /**
   * Where the entry is: the 1-based line of the text; for a JSON import, the 1-based position in
   * its list (JSON may put a whole list on one line).
   */
  line: number
  input: string
  reason: string
}

export interface ImportDuplicate {
  line: number
  input: string
  /** The symbol it is a repeat of. */
  symbol: string
}

/** An entry read as a listed symbol it does not spell ("brk-b" as BRK.Bon), or a guess offered for one. */
export interface ImportReading {
  line: number
  input: string
  symbol: string
}

export interface WatchlistImport {
  /** Valid symbols, normalised (aapl -> AAPLon), each once, in the order first met. */
  symbols: string[]
  /** Entries that are not token symbols, each with why. Never dropped silently. */
  invalid: ImportProblem[]
  /** Repeats that were collapsed into their first occurrence: information, not errors. */
  duplicates: ImportDuplicate[]
  /** Read against the service's listing only: entries taken as the listed symbol they name. */
  readings?: ImportReading[]
  /** Read against the listing only: for an entry not imported as listed, the symbol it likely meant. */
  suggestions?: ImportReading[]
}

interface Entry {
  line: number
  input: string
}

/** Past this an import is not a watchlist; the watchlist holds a few hundred symbols. */
export const MAX_IMPORT_CHARS = 1_000_000
const MAX_SHOWN_INPUT = 60

/** An input as a problem shows it: whole up to MAX_SHOWN_INPUT characters, else cut with an ellipsis. */
function shownInput(input: string): string {
  return input.length > MAX_SHOWN_INPUT ? `${input.slice(0, MAX_SHOWN_INPUT)}…` : input
}

/**
 * Reads a watchlist from plain text (one symbol per line, or separated by commas, spaces or
 * semicolons), a CSV whose header has a `symbol` (or else `ticker`) column, or our JSON export.
 * Given the service's listing, an entry that is not a listed symbol as written is read as the one
 * it names ("brk-b", "coca cola"), and one that names none gets a guess; both are reported.
 */
export function importWatchlist(text: string, listing?: ListingIndex): WatchlistImport {
  if (text.length > MAX_IMPORT_CHARS)
    return collect(
      [],
      [{ line: 1, input: '', reason: `the text is longer than ${MAX_IMPORT_CHARS} characters` }],
      listing,
    )
  const body = text.replace(/^\uFEFF/, '')
  const trimmed = body.trimStart()
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) return collect(...jsonEntries(trimmed), listing)
  // Spreadsheets save CSV with commas, or semicolons where the comma is the decimal mark, and copy
  // cells as tab-separated text.
  for (const delimiter of CSV_DELIMITERS) {
    const rows = parseCsv(body, delimiter)
    const column = symbolColumnOf(rows[0])
    if (column !== null) return collect(csvEntries(rows, column), [], listing)
  }
  return collect(textEntries(body, listing), [], listing)
}

/** One watchlist of a Tokenwatch export that carries several, read as importWatchlist reads one. */
export interface ExportedListImport {
  name: string
  /** Its place among the export's lists, from 1. */
  position: number
  parsed: WatchlistImport
}

/**
 * The watchlists of a Tokenwatch JSON export that carries several (its `lists`), each read on its
 * own; null for anything else (one list, a CSV, plain text), which importWatchlist reads. A list
 * without a usable name or symbols is listed in `problems` by its position, never dropped unsaid.
 */
export function importExportedLists(
  text: string,
  listing?: ListingIndex,
): { lists: ExportedListImport[]; problems: ImportProblem[] } | null {
  const lists = exportedLists(text)
  if (!lists) return null
  const result: { lists: ExportedListImport[]; problems: ImportProblem[] } = { lists: [], problems: [] }
  lists.forEach((item: unknown, index) => {
    const { name, symbols } = (item ?? {}) as { name?: unknown; symbols?: unknown }
    const trimmed = typeof name === 'string' ? name.trim() : ''
    if (trimmed === '' || !Array.isArray(symbols)) {
      result.problems.push({
        line: index + 1,
        input: shownInput(JSON.stringify(item) ?? ''),
        reason: 'a watchlist needs a name and a list of symbols',
      })
      return
    }
    result.lists.push({
      name: trimmed,
      position: index + 1,
      parsed: collect(...symbolEntries(symbols), listing),
    })
  })
  return result
}

/** The names of the watchlists a multi-list export carries (for the import dialog), else null. */
export function exportedListNames(text: string): string[] | null {
  return importExportedLists(text)?.lists.map((list) => list.name) ?? null
}

function exportedLists(text: string): unknown[] | null {
  const trimmed = text.replace(/^\uFEFF/, '').trimStart()
  if (!trimmed.startsWith('{') || text.length > MAX_IMPORT_CHARS) return null
  try {
    const lists = (JSON.parse(trimmed) as { lists?: unknown } | null)?.lists
    return Array.isArray(lists) && lists.length > 0 ? lists : null
  } catch {
    return null
  }
}

function collect(
  entries: readonly Entry[],
  problems: ImportProblem[],
  listing: ListingIndex | undefined,
): WatchlistImport {
  const result: WatchlistImport = { symbols: [], invalid: problems, duplicates: [] }
  const readings: ImportReading[] = []
  const suggestions: ImportReading[] = []
  const seen = new Set<string>()
  for (const { line, input } of entries) {
    const shown = shownInput(input)
    let checked: SymbolCheck = normalizeSymbolInput(input)
    if (listing) {
      const reading = readEntry(input, listing)
      if (reading.symbol === null) {
        // One line, one outcome: an entry offered as what it likely meant is neither added as
        // typed nor reported again as unknown or invalid.
        if (reading.guess) {
          suggestions.push({ line, input: shown, symbol: reading.guess.symbol })
          continue
        }
        checked = reading.asWritten
      } else {
        checked = { ok: true, symbol: reading.symbol }
        if (reading.readAs) readings.push({ line, input: shown, symbol: reading.symbol })
      }
    }
    if (!checked.ok) result.invalid.push({ line, input: shown, reason: checked.reason })
    else if (seen.has(checked.symbol)) result.duplicates.push({ line, input: shown, symbol: checked.symbol })
    else {
      seen.add(checked.symbol)
      result.symbols.push(checked.symbol)
    }
  }
  if (listing) Object.assign(result, { readings, suggestions })
  // Entries that were not even text come in first: put every problem in the order of the input.
  result.invalid.sort((a, b) => a.line - b.line)
  return result
}

/**
 * Plain text: every token on every line, separated by whitespace, commas or semicolons. Given the
 * listing, words between commas that together name one listed asset and are not all listed
 * symbols stay one entry: "coca cola" is KOon, not COCAon and COLAon; "AAPL MSFT" stays two.
 */
function textEntries(text: string, listing: ListingIndex | undefined): Entry[] {
  return text.split(/\r\n|\r|\n/).flatMap((lineText, index) =>
    lineText.split(/[,;]+/).flatMap((cell) => {
      const tokens = cell
        .split(/\s+/)
        .map(stripQuotes)
        .filter((token) => token !== '')
      const whole = stripQuotes(cell.trim())
      const keptWhole = tokens.length > 1 && listing !== undefined && namesOneAsset(whole, tokens, listing)
      return (keptWhole ? [whole] : tokens).map((input) => ({ line: index + 1, input }))
    }),
  )
}

function namesOneAsset(whole: string, tokens: readonly string[], listing: ListingIndex): boolean {
  const everyTokenListed = tokens.every((token) => {
    const reading = readEntry(token, listing)
    return reading.symbol !== null && !reading.readAs
  })
  return !everyTokenListed && listing.readAs(whole) !== null
}

function stripQuotes(token: string): string {
  return token.replace(/^(["'])(.*)\1$/, '$2').trim()
}

const CSV_DELIMITERS = [',', '\t', ';'] as const
const SYMBOL_HEADERS = ['symbol', 'ticker']

/** The column holding symbols, found by its header name; null when the first row is not a header. */
function symbolColumnOf(header: CsvRow | undefined): number | null {
  if (!header) return null
  const names = header.cells.map((cell) => cell.trim().toLowerCase())
  for (const wanted of SYMBOL_HEADERS) {
    const index = names.indexOf(wanted)
    if (index >= 0) return index
  }
  return null
}

function csvEntries(rows: readonly CsvRow[], column: number): Entry[] {
  return rows.slice(1).flatMap((row) => {
    const input = (row.cells[column] ?? '').trim()
    // A blank line or a row with no symbol in that column: nothing was there to import.
    return input === '' ? [] : [{ line: row.line, input }]
  })
}

/** Our JSON export ({watchlist: [...]}), or a bare JSON list of symbols. */
function jsonEntries(text: string): [Entry[], ImportProblem[]] {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return [
      [],
      [
        {
          line: 1,
          input: shownInput(text),
          reason: 'this looks like JSON but is not valid JSON',
        },
      ],
    ]
  }
  const list = Array.isArray(parsed) ? parsed : (parsed as { watchlist?: unknown } | null)?.watchlist
  if (!Array.isArray(list))
    return [[], [{ line: 1, input: '', reason: 'the JSON has no "watchlist" list of symbols' }]]
  return symbolEntries(list)
}

/** A JSON array of symbols: each text an entry, anything else a problem, numbered from 1. */
function symbolEntries(list: readonly unknown[]): [Entry[], ImportProblem[]] {
  const entries: Entry[] = []
  const problems: ImportProblem[] = []
  list.forEach((item: unknown, index) => {
    if (typeof item === 'string') entries.push({ line: index + 1, input: item })
    else
      problems.push({
        line: index + 1,
        input: shownInput(JSON.stringify(item) ?? ''),
        reason: 'not a text symbol',
      })
  })
  return [entries, problems]
}

/**
 * Splits imported symbols by whether the service lists them (the caller has the listing). Both
 * keep the import's order; unknown ones are shown to the person, not dropped.
 */
export function partitionByListing(
  symbols: readonly string[],
  listed: ReadonlySet<string>,
): { known: string[]; unknown: string[] } {
  const known: string[] = []
  const unknown: string[] = []
  for (const symbol of symbols) (listed.has(symbol) ? known : unknown).push(symbol)
  return { known, unknown }
}
