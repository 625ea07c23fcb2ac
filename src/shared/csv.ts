/**
 * CSV as RFC 4180 writes and reads it, for every file the app exports or imports (the watchlist,
 * the ledger): a module of its own so that no feature borrows it out of another's file.
 */

/**
 * Spreadsheets run a cell that starts with one of these as a formula (OWASP "CSV injection"), so
 * a name from the service such as "=HYPERLINK(...)" gets a leading apostrophe, which they show as
 * text. Only for text: decimals are checked to be plain numbers, and "-0.5" must stay exact.
 * Text that already starts with apostrophes before such a character gets one more, so that
 * reading a cell back (`unguardedText`) can take exactly the one added away.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/

/** RFC 4180: a field with a comma, quote or line break goes in quotes, its quotes doubled. */
function quoteCsvField(field: string): string {
  return /[",\r\n]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field
}

/** A text cell: quoted as needed, a would-be formula made text. */
export function textCell(value: string | null): string {
  if (value === null) return ''
  return quoteCsvField(FORMULA_START.test(value) ? `'${value}` : value)
}

/** A text cell as it was before `textCell` guarded it: the apostrophe it added taken away. */
export function unguardedText(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell
}

export interface CsvRow {
  /** The 1-based line the row starts on (a quoted field may span lines). */
  line: number
  cells: string[]
}

/**
 * Splits CSV text into rows of cells: quoted fields may hold commas, doubled quotes and line
 * breaks; CRLF, LF and CR all end a row. Lenient where a file is sloppy: a quote inside an
 * unquoted field is kept as a character, an unclosed quote runs to the end.
 */
export function parseCsv(text: string, delimiter = ','): CsvRow[] {
  return readCsv(text, delimiter).rows
}

/**
 * `parseCsv`, and the line of a quote left open (it swallowed every line after it), or null:
 * for an import that must not take a line that is not what its writer meant.
 */
export function readCsv(text: string, delimiter = ','): { rows: CsvRow[]; unclosedQuoteLine: number | null } {
  const rows: CsvRow[] = []
  let cells: string[] = []
  let field = ''
  let inQuotes = false
  let quoteLine = 1
  let line = 1
  let rowLine = 1
  const endRow = () => {
    cells.push(field)
    rows.push({ line: rowLine, cells })
    cells = []
    field = ''
  }
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string
    if (inQuotes) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (char === '"') inQuotes = false
      else {
        // A line break inside quotes is part of the field, kept as it was written.
        field += char
        if (char === '\n' || (char === '\r' && text[i + 1] !== '\n')) line++
      }
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++
      line++
      endRow()
      rowLine = line
    } else if (char === '"' && field === '') {
      inQuotes = true
      quoteLine = line
    } else if (char === delimiter) {
      cells.push(field)
      field = ''
    } else field += char
  }
  if (field !== '' || cells.length > 0 || inQuotes) endRow()
  return { rows, unclosedQuoteLine: inQuotes ? quoteLine : null }
}
