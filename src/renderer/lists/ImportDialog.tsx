import { useMemo, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react'
import { exportedListNames, type ImportReading, MAX_IMPORT_CHARS } from '../../shared/export-format'
import type { ImportResult } from '../../shared/transfer'
import { closeDialog, useWatch } from '../store/watch-store'
import { importSummary, importWatchlistText } from './watchlist-files'
import { describedBy, DialogActions, Field } from '../ui/form-fields'
import { IconButton } from '../ui/IconButton'
import { Modal } from '../ui/Modal'

const FILE_INPUT_ID = 'import-file'
const TEXT_INPUT_ID = 'import-text'
const TARGET_INPUT_ID = 'import-target'
/** The target select's value for "a new watchlist" (list ids look like l1, so it cannot clash). */
const NEW_LIST = 'new'

function ResultGroup(props: { title: string; count: number; tone: string; children: ReactNode }) {
  if (props.count === 0) return null
  return (
    <section className={`import-group import-${props.tone}`} aria-label={`${props.title}: ${props.count}`}>
      <h3 className="import-group-title">
        {props.title} <span className="count">{props.count}</span>
      </h3>
      {props.children}
    </section>
  )
}

function Symbols({ symbols }: { symbols: readonly string[] }) {
  return <p className="import-symbols">{symbols.join(', ')}</p>
}

/** Entries matched to a listed symbol, line by line, in the words `say` gives each. */
function Readings(props: {
  entries: readonly ImportReading[] | undefined
  say: (entry: ImportReading) => string
}) {
  return (
    <ul className="import-repeats">
      {props.entries?.map((entry) => (
        <li key={`${entry.line}-${entry.input}`}>
          line {entry.line}: {props.say(entry)}
        </li>
      ))}
    </ul>
  )
}

/** Everything the import did and did not do: nothing is dropped without a word. */
function ImportReport({ result }: { result: ImportResult }) {
  return (
    <div className="import-report">
      {/* The same words were announced (watchlist-files.ts): no live region here to say them twice. */}
      <p className="import-summary">{importSummary(result)}</p>
      {result.lists && (
        <ul className="import-lists" aria-label="Watchlists imported">
          {result.lists.map((list) => (
            <li key={list.listId}>
              <strong>{list.name}</strong> ({list.created ? 'new' : 'merged'}): {list.added.length} added
              {list.alreadyPresent.length > 0 && `, ${list.alreadyPresent.length} already there`}
              {list.unknown.length > 0 && `, ${list.unknown.length} unknown`}
            </li>
          ))}
        </ul>
      )}
      <ResultGroup title="Added" count={result.added.length} tone="added">
        <Symbols symbols={result.added} />
      </ResultGroup>
      <ResultGroup title="Read as listed symbols" count={result.readings?.length ?? 0} tone="read">
        <Readings entries={result.readings} say={(reading) => `${reading.input} read as ${reading.symbol}`} />
      </ResultGroup>
      <ResultGroup title="Already on the watchlist" count={result.alreadyPresent.length} tone="present">
        <Symbols symbols={result.alreadyPresent} />
      </ResultGroup>
      <ResultGroup title="Unknown to the service, not added" count={result.unknown.length} tone="unknown">
        <Symbols symbols={result.unknown} />
      </ResultGroup>
      <ResultGroup title="Invalid, not added" count={result.invalid.length} tone="invalid">
        <table className="import-problems">
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Entry</th>
              <th scope="col">Why</th>
            </tr>
          </thead>
          <tbody>
            {result.invalid.map((problem, index) => (
              <tr key={`${problem.line}-${index}`}>
                <td className="num">{problem.line}</td>
                <td className="import-input">{problem.input === '' ? '(empty)' : problem.input}</td>
                <td>{problem.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ResultGroup>
      <ResultGroup title="Not added, did you mean" count={result.suggestions?.length ?? 0} tone="unknown">
        <Readings
          entries={result.suggestions}
          say={(guess) => `${guess.input}: did you mean ${guess.symbol}?`}
        />
      </ResultGroup>
      <ResultGroup title="Repeats, imported once" count={result.duplicates.length} tone="repeat">
        <ul className="import-repeats">
          {result.duplicates.map((repeat) => (
            <li key={`${repeat.line}-${repeat.input}`}>
              line {repeat.line}: {repeat.input}
              {repeat.input !== repeat.symbol && ` (${repeat.symbol})`}
            </li>
          ))}
        </ul>
      </ResultGroup>
    </div>
  )
}

/**
 * Where the import goes: a list chosen in "Into" (or a new one, named here); for a Tokenwatch export
 * of several watchlists, each into its namesake, said instead of the choice.
 */
function ImportTarget(props: {
  exportedLists: readonly string[] | null
  target: string
  newName: string
  onTarget: (listIdOrNew: string) => void
  onNewName: (name: string) => void
}) {
  const { exportedLists, target, newName } = props
  const lists = useWatch((state) => state.settings?.lists ?? [])
  if (exportedLists)
    return (
      <p className="field-hint import-lists-hint">
        This export holds {exportedLists.length} watchlists ({exportedLists.join(', ')}). Each goes into the
        watchlist of the same name, adding what it lacks, or into a new one by that name.
      </p>
    )
  return (
    <div className="field import-target">
      <label htmlFor={TARGET_INPUT_ID}>Into</label>
      <select id={TARGET_INPUT_ID} value={target} onChange={(event) => props.onTarget(event.target.value)}>
        {lists.map((list) => (
          <option key={list.id} value={list.id}>
            {list.name}
          </option>
        ))}
        <option value={NEW_LIST}>A new watchlist…</option>
      </select>
      {target === NEW_LIST && (
        <input
          aria-label="Name of the new watchlist"
          value={newName}
          maxLength={40}
          onChange={(event) => props.onNewName(event.target.value)}
        />
      )}
    </div>
  )
}

/**
 * Import a watchlist from a file (a list of symbols, a CSV with a symbol column, or our own
 * export) or from pasted text. The text is shown before it is sent, and the answer lists what was
 * added and, line by line, what was not and why.
 */
export function ImportDialog() {
  const [text, setText] = useState('')
  const [source, setSource] = useState<string | null>(null)
  const [error, setError] = useState<string | undefined>()
  const [result, setResult] = useState<ImportResult | null>(null)
  const [busy, setBusy] = useState(false)
  const shownId = useWatch((state) => state.settings?.activeListId ?? '')
  /** A list's id, or NEW_LIST for a new one named `newName`. */
  const [target, setTarget] = useState(shownId)
  const [newName, setNewName] = useState('Imported')
  /** A Tokenwatch export with several watchlists: each goes into its namesake, so no "Into". */
  const exportedLists = useMemo(() => exportedListNames(text), [text])

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    if (!file) return
    setResult(null)
    // Bytes, not characters, but a file past the limit in bytes is no watchlist either.
    if (file.size > MAX_IMPORT_CHARS) {
      setError(`${file.name} is too large to be a watchlist (1 MB at most)`)
      return
    }
    setText(await file.text())
    setSource(file.name)
    setError(undefined)
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (text.trim() === '') {
      setError('Choose a file or paste some symbols first')
      return
    }
    if (!exportedLists && target === NEW_LIST && newName.trim() === '') {
      setError('Name the new watchlist')
      return
    }
    setBusy(true)
    const answer = await importWatchlistText(
      text,
      exportedLists
        ? undefined
        : target === NEW_LIST
          ? { newList: newName.trim() }
          : { listId: target || shownId },
    )
    setBusy(false)
    if (answer.ok) setResult(answer.value)
    else setError(answer.error.message)
  }

  return (
    <Modal
      titleId="import-title"
      onClose={closeDialog}
      initialFocusId={FILE_INPUT_ID}
      className="modal-medium"
    >
      <header className="modal-head">
        <h2 id="import-title">Import a watchlist</h2>
        <IconButton label="Close" onClick={closeDialog}>
          ✕
        </IconButton>
      </header>
      <form className="modal-body" onSubmit={(event) => void submit(event)} noValidate>
        <p className="field-hint import-intro">
          One symbol per line or separated by commas, a CSV with a <code>symbol</code> column, or a Tokenwatch
          export. Symbols the service does not list are shown, not added.
        </p>
        <div className="field">
          <label htmlFor={FILE_INPUT_ID}>File</label>
          <input
            id={FILE_INPUT_ID}
            type="file"
            accept=".csv,.txt,.json,text/csv,text/plain,application/json"
            onChange={(event) => void chooseFile(event)}
          />
        </div>
        <Field
          id={TEXT_INPUT_ID}
          label={source ? `Symbols from ${source}` : 'Or paste symbols'}
          error={error}
        >
          <textarea
            id={TEXT_INPUT_ID}
            rows={6}
            spellCheck={false}
            placeholder={'AAPLon, TSLAon\nNVDA'}
            value={text}
            aria-invalid={error !== undefined}
            aria-describedby={describedBy(TEXT_INPUT_ID, error, false)}
            onChange={(event) => {
              setText(event.target.value)
              setError(undefined)
              setResult(null)
            }}
          />
        </Field>
        <ImportTarget
          exportedLists={exportedLists}
          target={target || shownId}
          newName={newName}
          onTarget={(value) => {
            setTarget(value)
            setResult(null)
          }}
          onNewName={(value) => {
            setNewName(value)
            setError(undefined)
          }}
        />
        {result && <ImportReport result={result} />}
        <DialogActions
          cancelLabel={result ? 'Done' : 'Cancel'}
          submitLabel="Import"
          busy={busy}
          onCancel={closeDialog}
        />
      </form>
    </Modal>
  )
}
