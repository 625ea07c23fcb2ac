import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react'
import type { Watchlist } from '../../shared/settings'
import { SEARCH_INPUT_ID } from '../element-ids'
import { createList, deleteList, freeListName, moveList, renameList, showList } from './lists-api'
import { holdingsTabOnShow, showHoldingsTab, usePortfolio } from '../holdings/portfolio-store'
import { useWatch } from '../store/watch-store'
import { MenuButton } from '../ui/Menu'

/**
 * The watchlists as a compact row of tabs above the grid. The row scrolls sideways when the tabs
 * do not fit (a narrow window), each tab shrinks to an ellipsis with its full name in the tooltip,
 * and the active one is scrolled into view. The row is one Tab stop: arrows, Home and End move
 * among the tabs (the ARIA tabs pattern); Ctrl+1..9 and Ctrl+Tab switch (keyboard.ts); a tab is
 * reordered by dragging it, by Ctrl+Shift+PageUp/PageDown, or from the actions menu.
 */

/** The drag's payload type: only our tabs are dropped on our tabs. */
const TAB_DRAG_TYPE = 'application/x-tokenwatch-list'

/** What the name field is open for: a list being renamed, or one not created yet. */
type Naming = { kind: 'rename'; list: Watchlist } | { kind: 'new' }

/**
 * The name field, opened with its text selected so typing replaces it. Enter keeps the name (a
 * refusal shows beside the field, keeping what was typed); Esc cancels: a new list is then never
 * created, a renamed one keeps its old name. Leaving the field keeps the name, as Enter does.
 */
function NameField({ naming, onDone }: { naming: Naming; onDone(kept: boolean): void }) {
  const [name, setName] = useState(() => (naming.kind === 'rename' ? naming.list.name : freeListName()))
  const [error, setError] = useState<string | null>(null)
  const input = useRef<HTMLInputElement>(null)
  // Enter, then the blur of the field's own removal, must not save twice.
  const settled = useRef(false)
  useEffect(() => input.current?.select(), [])
  const finish = (kept: boolean) => {
    settled.current = true
    onDone(kept)
  }
  const save = async () => {
    if (settled.current) return
    const trimmed = name.trim()
    if (naming.kind === 'rename' && trimmed === naming.list.name) return finish(false)
    settled.current = true
    const refusal =
      naming.kind === 'rename' ? await renameList(naming.list.id, trimmed) : await createList(trimmed)
    if (refusal === null) return onDone(true)
    settled.current = false
    setError(refusal)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault()
      void save()
    } else if (event.key === 'Escape') {
      event.preventDefault()
      event.stopPropagation()
      finish(false)
    }
  }
  return (
    <span className="list-rename">
      <input
        ref={input}
        autoFocus
        className="list-rename-input"
        aria-label={naming.kind === 'new' ? 'New watchlist name' : 'Watchlist name'}
        aria-invalid={error !== null}
        aria-describedby={error ? 'list-rename-error' : undefined}
        value={name}
        maxLength={40}
        onChange={(event) => {
          setName(event.target.value)
          setError(null)
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          if (error === null) void save()
        }}
      />
      {error && (
        <span id="list-rename-error" className="list-rename-error" role="alert">
          {error}
        </span>
      )}
    </span>
  )
}

/** The tab keys of the ARIA tabs pattern: the tab they move to, from `index` among `count`. */
function tabKeyTarget(key: string, index: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
      return (index + 1) % count
    case 'ArrowLeft':
      return (index - 1 + count) % count
    case 'Home':
      return 0
    case 'End':
      return count - 1
    default:
      return null
  }
}

/**
 * The built-in Holdings tab, after the lists once anything is held: what is held, as rows, in
 * place of the active list. It is not a list (no name, no symbols of its own, nothing to move).
 */
function HoldingsTab(props: {
  shown: boolean
  count: number
  onKeyDown(event: KeyboardEvent<HTMLButtonElement>): void
}) {
  const { shown, count, onKeyDown } = props
  return (
    <button
      type="button"
      role="tab"
      data-list-id="holdings"
      tabIndex={shown ? 0 : -1}
      className="list-tab list-tab-holdings"
      aria-selected={shown}
      aria-controls="watchlist-grid"
      title="What you hold, from your transactions"
      onClick={() => showHoldingsTab(true)}
      onKeyDown={onKeyDown}
    >
      <span className="list-tab-name">Holdings</span>
      <span className="list-tab-count">{count}</span>
    </button>
  )
}

/** The actions menu of the list on show: new, rename, move left or right, delete. */
function listActions(lists: readonly Watchlist[], index: number, setNaming: (naming: Naming) => void) {
  const active = lists[index] as Watchlist
  return [
    { label: 'New watchlist', onSelect: () => setNaming({ kind: 'new' }) },
    { label: `Rename ${active.name}…`, onSelect: () => setNaming({ kind: 'rename', list: active }) },
    { label: 'Move left', disabled: index === 0, onSelect: () => void moveList(active.id, index - 1) },
    {
      label: 'Move right',
      disabled: index === lists.length - 1,
      onSelect: () => void moveList(active.id, index + 1),
    },
    {
      label: `Delete ${active.name}`,
      disabled: lists.length === 1,
      onSelect: () => void deleteList(active.id),
    },
  ]
}

/**
 * Reordering by drag: the tab under the pointer is marked as the drop target, and a list dropped
 * on a tab takes that tab's place. Only our own tabs' payload is accepted.
 */
function useTabDrag(lists: readonly Watchlist[]) {
  const [dropTarget, setDropTarget] = useState<string | null>(null)
  const clear = () => setDropTarget(null)
  return {
    dropTarget,
    handlersFor: (listId: string, position: number) => ({
      onDragStart: (event: DragEvent) => {
        event.dataTransfer.setData(TAB_DRAG_TYPE, listId)
        event.dataTransfer.effectAllowed = 'move'
      },
      onDragOver: (event: DragEvent) => {
        if (!event.dataTransfer.types.includes(TAB_DRAG_TYPE)) return
        event.preventDefault()
        event.dataTransfer.dropEffect = 'move'
        setDropTarget(listId)
      },
      onDragLeave: clear,
      onDragEnd: clear,
      onDrop: (event: DragEvent) => {
        clear()
        const dragged = event.dataTransfer.getData(TAB_DRAG_TYPE)
        if (!dragged) return
        event.preventDefault()
        if (lists.some((list) => list.id === dragged)) void moveList(dragged, position)
      },
    }),
  }
}

export function ListTabs() {
  const lists = useWatch((state) => state.settings?.lists ?? null)
  const listId = useWatch((state) => state.settings?.activeListId ?? null)
  const heldCount = usePortfolio((state) => state.held.length)
  const holdingsShown = usePortfolio(holdingsTabOnShow)
  // While the Holdings tab is on show, no list tab is the selected one.
  const activeId = holdingsShown ? null : listId
  const [naming, setNaming] = useState<Naming | null>(null)
  const drag = useTabDrag(lists ?? [])
  const row = useRef<HTMLDivElement>(null)
  // Where focus goes once the name field has closed, so it never falls to the page.
  const focusAfterNaming = useRef<(() => void) | null>(null)

  useEffect(() => {
    const active = row.current?.querySelector<HTMLElement>('[aria-selected="true"]')
    active?.scrollIntoView({ block: 'nearest', inline: 'nearest' })
  }, [activeId, lists?.length])

  useEffect(() => {
    if (naming !== null) return
    focusAfterNaming.current?.()
    focusAfterNaming.current = null
  }, [naming, activeId])

  if (!lists || !listId) return null
  const index = lists.findIndex((list) => list.id === listId)
  const focusTab = (listId: string) =>
    row.current?.querySelector<HTMLElement>(`[data-list-id="${CSS.escape(listId)}"]`)?.focus()
  const closeNaming = (shown: Naming, kept: boolean) => {
    // A new list is empty: focus goes where its first symbol is added. Otherwise, to the tab.
    focusAfterNaming.current =
      shown.kind === 'new' && kept
        ? () => document.getElementById(SEARCH_INPUT_ID)?.focus()
        : () => focusTab(shown.kind === 'rename' ? shown.list.id : listId)
    setNaming(null)
  }
  /** A list's tab: that list on show, the Holdings tab put away. */
  const pick = (id: string) => {
    if (id !== listId) void showList(id)
    else showHoldingsTab(false)
  }
  const tabIds = [...lists.map((list) => list.id), ...(heldCount > 0 ? ['holdings'] : [])]
  /** Arrows, Home and End move among the tabs and show the list reached (one Tab stop in all). */
  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>, position: number) => {
    if (event.ctrlKey || event.altKey || event.metaKey) return
    const target = tabIds[tabKeyTarget(event.key, position, tabIds.length) ?? -1]
    if (!target) return
    event.preventDefault()
    focusTab(target)
    if (target === 'holdings') showHoldingsTab(true)
    else pick(target)
  }
  return (
    <nav className="list-bar" aria-label="Watchlist tabs">
      <div ref={row} className="list-tabs" role="tablist" aria-label="Watchlists">
        {lists.map((list, position) =>
          naming?.kind === 'rename' && naming.list.id === list.id ? (
            <NameField key={list.id} naming={naming} onDone={(kept) => closeNaming(naming, kept)} />
          ) : (
            <button
              key={list.id}
              type="button"
              role="tab"
              data-list-id={list.id}
              tabIndex={list.id === activeId ? 0 : -1}
              className={drag.dropTarget === list.id ? 'list-tab drop-target' : 'list-tab'}
              draggable
              {...drag.handlersFor(list.id, position)}
              onKeyDown={(event) => onTabKeyDown(event, position)}
              aria-selected={list.id === activeId}
              aria-controls="watchlist-grid"
              title={position < 9 ? `${list.name} (Ctrl+${position + 1})` : list.name}
              onClick={() => pick(list.id)}
              onDoubleClick={() => setNaming({ kind: 'rename', list })}
            >
              <span className="list-tab-name">{list.name}</span>
              <span className="list-tab-count">{list.symbols.length}</span>
            </button>
          ),
        )}
        {heldCount > 0 && (
          <HoldingsTab
            shown={holdingsShown}
            count={heldCount}
            onKeyDown={(event) => onTabKeyDown(event, lists.length)}
          />
        )}
        {naming?.kind === 'new' && <NameField naming={naming} onDone={(kept) => closeNaming(naming, kept)} />}
      </div>
      <button
        type="button"
        className="icon-button list-new"
        aria-label="New watchlist"
        title="New watchlist"
        onClick={() => setNaming({ kind: 'new' })}
      >
        +
      </button>
      <MenuButton label="Watchlist actions" items={listActions(lists, index, setNaming)}>
        ⋯
      </MenuButton>
    </nav>
  )
}
