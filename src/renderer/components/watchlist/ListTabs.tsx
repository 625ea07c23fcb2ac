import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react'
import type { Watchlist } from '../../../shared/settings'
import { createList, deleteList, moveList, renameList, showList } from '../../lists-api'
import { useWatch } from '../../store/watch-store'
import { MenuButton } from '../ui/Menu'

/**
 * The watchlists as a compact row of tabs above the grid. The row scrolls sideways when the tabs
 * do not fit (a narrow window), each tab shrinks to an ellipsis with its full name in the tooltip,
 * and the active one is scrolled into view. Ctrl+1..9 and Ctrl+Tab switch (keyboard.ts); a tab is
 * reordered by dragging it, by Ctrl+Shift+PageUp/PageDown, or from the actions menu.
 */

/** The drag's payload type: only our tabs are dropped on our tabs. */
const TAB_DRAG_TYPE = 'application/x-tokenwatch-list'

function RenameField({ list, onDone }: { list: Watchlist; onDone(): void }) {
  const [name, setName] = useState(list.name)
  const [error, setError] = useState<string | null>(null)
  const save = async () => {
    const trimmed = name.trim()
    if (trimmed === list.name) return onDone()
    const refusal = await renameList(list.id, trimmed)
    if (refusal) setError(refusal)
    else onDone()
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault()
      void save()
    } else if (event.key === 'Escape') {
      event.preventDefault()
      event.stopPropagation()
      onDone()
    }
  }
  return (
    <span className="list-rename">
      <input
        autoFocus
        className="list-rename-input"
        aria-label="Watchlist name"
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

export function ListTabs() {
  const lists = useWatch((state) => state.settings?.lists ?? null)
  const activeId = useWatch((state) => state.settings?.activeListId ?? null)
  const [renaming, setRenaming] = useState<string | null>(null)
  const [dropTarget, setDropTarget] = useState<string | null>(null)
  const row = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const active = row.current?.querySelector<HTMLElement>('[aria-selected="true"]')
    active?.scrollIntoView({ block: 'nearest', inline: 'nearest' })
  }, [activeId, lists?.length])

  if (!lists || !activeId) return null
  const index = lists.findIndex((list) => list.id === activeId)
  const active = lists[index] as Watchlist
  const actions = [
    { label: 'New watchlist', onSelect: () => void createList().then((id) => id && setRenaming(id)) },
    { label: `Rename ${active.name}…`, onSelect: () => setRenaming(active.id) },
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
  const onDragStart = (event: DragEvent, listId: string) => {
    event.dataTransfer.setData(TAB_DRAG_TYPE, listId)
    event.dataTransfer.effectAllowed = 'move'
  }
  const onDragOver = (event: DragEvent, listId: string) => {
    if (!event.dataTransfer.types.includes(TAB_DRAG_TYPE)) return
    event.preventDefault()
    event.dataTransfer.dropEffect = 'move'
    setDropTarget(listId)
  }
  /** Dropped on a tab: the dragged list takes that tab's place. */
  const onDrop = (event: DragEvent, position: number) => {
    setDropTarget(null)
    const dragged = event.dataTransfer.getData(TAB_DRAG_TYPE)
    if (!dragged) return
    event.preventDefault()
    if (lists.some((list) => list.id === dragged)) void moveList(dragged, position)
  }
  return (
    <div className="list-bar">
      <div ref={row} className="list-tabs" role="tablist" aria-label="Watchlists">
        {lists.map((list, position) =>
          renaming === list.id ? (
            <RenameField key={list.id} list={list} onDone={() => setRenaming(null)} />
          ) : (
            <button
              key={list.id}
              type="button"
              role="tab"
              className={dropTarget === list.id ? 'list-tab drop-target' : 'list-tab'}
              draggable
              onDragStart={(event) => onDragStart(event, list.id)}
              onDragOver={(event) => onDragOver(event, list.id)}
              onDragLeave={() => setDropTarget(null)}
              onDragEnd={() => setDropTarget(null)}
              onDrop={(event) => onDrop(event, position)}
              aria-selected={list.id === activeId}
              aria-controls="watchlist-grid"
              title={position < 9 ? `${list.name} (Ctrl+${position + 1})` : list.name}
              onClick={() => list.id !== activeId && void showList(list.id)}
              onDoubleClick={() => setRenaming(list.id)}
            >
              <span className="list-tab-name">{list.name}</span>
              <span className="list-tab-count">{list.symbols.length}</span>
            </button>
          ),
        )}
      </div>
      <button
        type="button"
        className="icon-button list-new"
        aria-label="New watchlist"
        title="New watchlist"
        onClick={() => void createList().then((id) => id && setRenaming(id))}
      >
        +
      </button>
      <MenuButton label="Watchlist actions" items={actions}>
        ⋯
      </MenuButton>
    </div>
  )
}
