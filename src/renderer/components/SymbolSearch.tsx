import { useId, useState, type KeyboardEvent } from 'react'
import { normalizeSymbolInput } from '../../shared/symbols'
import type { ListedAsset } from '../../shared/ipc-contract'
import { addSymbol, loadListedAssets } from '../api'
import { GRID_ID, SEARCH_INPUT_ID } from '../keyboard'
import { searchAssets } from '../search'
import { useWatch } from '../store/watch-store'

const MAX_RESULTS = 12

/**
 * The search that adds rows: a combobox over every asset the service lists, by symbol, ticker or
 * name. Arrow keys move through the matches, Enter adds one, Escape clears it and returns to the grid.
 * Until the list has loaded (or when it cannot be), a typed symbol can still be added as is.
 * Collapsed (a narrow window), it is an icon until focused (a click, `/`), then spans the header.
 */
export function SymbolSearch({ collapsed = false }: { collapsed?: boolean }) {
  const listed = useWatch((state) => state.listedAssets)
  const order = useWatch((state) => state.order)
  const [query, setQuery] = useState('')
  const [active, setActive] = useState(0)
  const [open, setOpen] = useState(false)
  const listboxId = useId()

  let matches: ListedAsset[] = listed ? searchAssets(listed, query, MAX_RESULTS) : []
  if (matches.length === 0 && listed === null) {
    const typed = normalizeSymbolInput(query)
    if (typed.ok) matches = [{ symbol: typed.symbol, ticker: null, name: null }]
  }
  const expanded = open && query.trim() !== ''
  const activeIndex = Math.min(active, Math.max(0, matches.length - 1))

  const add = async (asset: ListedAsset | undefined) => {
    if (!asset || order.includes(asset.symbol)) return
    if (await addSymbol(asset.symbol)) {
      setQuery('')
      setActive(0)
    }
  }

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
        void add(matches[activeIndex])
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
        aria-label="Add a symbol: search by symbol, ticker or name"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && matches.length > 0 ? optionId(activeIndex) : undefined}
        placeholder="Add symbol…"
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
      <ul
        id={listboxId}
        role="listbox"
        aria-label="Matching assets"
        className="search-results"
        hidden={!expanded}
      >
        {expanded &&
          matches.map((asset, index) => {
            const inList = order.includes(asset.symbol)
            return (
              <li
                key={asset.symbol}
                id={optionId(index)}
                role="option"
                aria-selected={index === activeIndex}
                aria-disabled={inList || undefined}
                className={`search-option${index === activeIndex ? ' active' : ''}`}
                // mousedown, not click: the input's blur would close the list before a click lands.
                onMouseDown={(event) => {
                  event.preventDefault()
                  void add(asset)
                }}
                onMouseEnter={() => setActive(index)}
              >
                <span className="option-symbol">{asset.symbol}</span>
                <span className="option-name">{asset.name ?? asset.ticker ?? ''}</span>
                {inList && <span className="option-note">in watchlist</span>}
              </li>
            )
          })}
      </ul>
      {expanded && matches.length === 0 && (
        <div className="search-results search-empty" role="status">
          {listed === null ? 'Loading the list of assets…' : `No listed asset matches “${query.trim()}”`}
        </div>
      )}
    </div>
  )
}
