import type { ImportDuplicate, ImportProblem, ImportReading } from './export-format'

/**
 * What an export or an import of watchlists answers: plain types shared by the core that does the
 * work, the CLI that prints it and the window that shows it. The file formats themselves are
 * export-format.ts.
 */

export interface ExportResult {
  fileName: string
  /** Where the shell saved it; null when cancelled or when there is no save dialog (then see content). */
  savedTo: string | null
  /** The text itself, only when there was no save dialog to hand it to. */
  content: string | null
}

export interface ImportResult {
  /** Symbols added to the watchlist, in order. */
  added: string[]
  /** Valid symbols already on the watchlist. */
  alreadyPresent: string[]
  /** Valid symbols the service does not list: not added, listed back. */
  unknown: string[]
  /** Entries that are not token symbols, each with why. */
  invalid: ImportProblem[]
  duplicates: ImportDuplicate[]
  /** Entries read as the listed symbol they name ("brk-b" as BRK.Bon), said so the reading can be checked. */
  readings?: ImportReading[]
  /**
   * For entries not imported as listed: the symbol each likely meant ("brkb": BRK.Bon?), offered, not added.
   */
  suggestions?: ImportReading[]
  /** The list imported into, and its symbols afterwards (a multi-list import: the shown list). */
  listId: string
  watchlist: string[]
  /** A Tokenwatch export with several watchlists: what each of them did, in the file's order. */
  lists?: ImportedList[]
}

/** One watchlist of a multi-list import: merged into the list of the same name, or created. */
export interface ImportedList {
  name: string
  listId: string
  created: boolean
  added: string[]
  alreadyPresent: string[]
  unknown: string[]
}
