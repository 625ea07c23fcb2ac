import { useEffect, useId, useState, type KeyboardEvent } from 'react'
import { normalizeSymbolInput } from '../../shared/symbols'
import type { ListedAsset } from '../../shared/domain'
import { addSymbol, loadListedAssets } from '../api'
import { GRID_ID, SEARCH_INPUT_ID } from '../element-ids'
import { indexInSlices, searchAssets } from './search'
import { showRowInList } from './adds-out-of-sight'
import { holdingsTabOnShow, usePortfolio } from '../holdings/portfolio-store'
import { announce, select, shownList, useWatch } from '../store/watch-store'
import { listsHolding } from '../../shared/watchlists'
import type { Settings } from '../../shared/settings'

const MAX_RESULTS = 12

/**
 * Closes the search on the row of a symbol the shown list holds: selected and scrolled to. The
 * option said "already in this list"; screen readers hear it again. No toast: the row it leads
 * to is often the last, in the corner a toast would cover.
 */
function goToRow(symbol: string): void {
  select(symbol)
  document.getElementById(GRID_ID)?.focus()
  announce(`${symbol} is already in this list; its row is selected`)
}

/** From the Holdings tab: the active list, out of sight, is shown with the symbol's row selected. */
function goToRowInList(symbol: string, listName: string): void {
  showRowInList(symbol)
  announce(`${symbol} is already in ${listName}; ${listName} is shown, its row selected`)
}

/** What a match is to the lists: here already, in other lists (by name), or in none. */
function matchNote(
  symbol: string,
  where: { order: readonly string[]; settings: Settings | null; fromHoldings: boolean; listName: string },
): string | null {
  const { order, settings, fromHoldings, listName } = where
  if (order.includes(symbol)) return fromHoldings ? `in ${listName}: show it` : 'already in this list'
  const elsewhere = settings ? listsHolding(settings, symbol).map((list) => list.name) : []
  if (fromHoldings)
    return elsewhere.length > 0 ? `in ${elsewhere.join(', ')}: add to ${listName}` : `add to ${listName}`
  return elsewhere.length > 0 ? `in ${elsewhere.join(', ')}: add here too` : null
}

/** The combobox's listbox: one option per match, each with its note; a status line when none match. */
function SearchOptions(props: {
  listboxId: string
  optionId: (index: number) => string
  expanded: boolean
  matches: ListedAsset[]
  activeIndex: number
  noteOf: (symbol: string) => string | null
  onChoose: (asset: ListedAsset) => void
  onHover: (index: number) => void
  emptyText: string
}) {
  const { listboxId, optionId, expanded, matches, activeIndex, noteOf, onChoose, onHover } = props
  return (
    <>
      <ul
        id={listboxId}
        role="listbox"
        aria-label="Matching assets"
        className="search-results"
        hidden={!expanded}
      >
        {expanded &&
          matches.map((asset, index) => {
            const note = noteOf(asset.symbol)
            return (
              <li
                key={asset.symbol}
                id={optionId(index)}
                role="option"
                aria-selected={index === activeIndex}
                className={`search-option${index === activeIndex ? ' active' : ''}`}
                // mousedown, not click: the input's blur would close the list before a click lands.
                onMouseDown={(event) => {
                  event.preventDefault()
                  onChoose(asset)
                }}
                onMouseEnter={() => onHover(index)}
              >
                <span className="option-symbol">{asset.symbol}</span>
                <span className="option-name">{asset.name ?? asset.ticker ?? ''}</span>
                {note && <span className="option-note">{note}</span>}
              </li>
            )
          })}
      </ul>
      {expanded && matches.length === 0 && (
        <div className="search-results search-empty" role="status">
          {props.emptyText}
        </div>
      )}
    </>
  )
}

/**
 * The search that adds rows: a combobox over every asset the service lists, by symbol, ticker or
 * name. Arrow keys move through the matches, Enter adds one (or, for one the shown list holds,
 * goes to its row), Escape clears it and returns to the grid. A match another list holds says which.
 * On the Holdings tab (what is held, not a list) it adds to the active list, named in the field and
 * in each match ("add to Tech"); a match that list holds already shows the list at its row.
 * Until the list has loaded (or when it cannot be), a typed symbol can still be added as is.
 * Collapsed (a narrow window), it is an icon until focused (a click, `/`), then spans the header.
 */
export function SymbolSearch({ collapsed = false }: { collapsed?: boolean }) {
  const listed = useWatch((state) => state.listedAssets)
  const order = useWatch((state) => state.order)
  const settings = useWatch((state) => state.settings)
  const listName = useWatch((state) => shownList(state)?.name ?? 'the watchlist')
  const fromHoldings = usePortfolio(holdingsTabOnShow)
  const [query, setQuery] = useState('')
  const [active, setActive] = useState(0)
  const [open, setOpen] = useState(false)
  const listboxId = useId()
  // Index a new listing as soon as it arrives, after its paint, a slice per task.
  useEffect(() => (listed ? indexInSlices(listed) : undefined), [listed])

  let matches: ListedAsset[] = listed ? searchAssets(listed, query, MAX_RESULTS) : []
  if (matches.length === 0 && listed === null) {
    const typed = normalizeSymbolInput(query)
    if (typed.ok) matches = [{ symbol: typed.symbol, ticker: null, name: null }]
  }
  const expanded = open && query.trim() !== ''
  const activeIndex = Math.min(active, Math.max(0, matches.length - 1))

  const clear = () => {
    setQuery('')
    setActive(0)
  }
  const choose = async (asset: ListedAsset | undefined) => {
    if (!asset) return
    if (order.includes(asset.symbol)) {
      clear()
      if (fromHoldings) goToRowInList(asset.symbol, listName)
      else goToRow(asset.symbol)
    } else if (await addSymbol(asset.symbol)) clear()
  }
  const noteOf = (symbol: string) => matchNote(symbol, { order, settings, fromHoldings, listName })

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault()
        setOpen(true)
        if (matches.length > 0) {
          const step = event.key === 'ArrowDown' ? 1 : -1
          setActive((activeIndex + step + matches.length) % matches.length)
        }
        return
      case 'Enter':
        event.preventDefault()
        void choose(matches[activeIndex])
        return
      case 'Escape':
        // Back to the grid at once, text or not: a `?` typed next is a shortcut, not a search.
        event.preventDefault()
        setQuery('')
        document.getElementById(GRID_ID)?.focus()
        return
    }
  }

  const optionId = (index: number) => `${listboxId}-option-${index}`
  return (
    <div className={`search${collapsed ? ' search-collapsed' : ''}`}>
      <span className="search-icon" aria-hidden="true">
        ⌕
      </span>
      <input
        id={SEARCH_INPUT_ID}
        type="text"
        role="combobox"
        aria-label={`Add a symbol${fromHoldings ? ` to ${listName}` : ''}: search by symbol, ticker or name`}
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && matches.length > 0 ? optionId(activeIndex) : undefined}
        placeholder={fromHoldings ? `Add to ${listName}…` : 'Add symbol…'}
        autoComplete="off"
        spellCheck={false}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value)
          setActive(0)
          setOpen(true)
        }}
        onFocus={() => {
          setOpen(true)
          if (listed === null) void loadListedAssets()
        }}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <kbd className="search-hint" aria-hidden="true">
        /
      </kbd>
      <SearchOptions
        listboxId={listboxId}
        optionId={optionId}
        expanded={expanded}
        matches={matches}
        activeIndex={activeIndex}
        noteOf={noteOf}
        onChoose={(asset) => void choose(asset)}
        onHover={setActive}
        emptyText={
          listed === null ? 'Loading the list of assets…' : `No listed asset matches “${query.trim()}”`
        }
      />
    </div>
  )
}
