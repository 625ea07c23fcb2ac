import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react'

export interface MenuItem {
  label: string
  onSelect(): void
  /** The key that does the same outside the menu, shown at the right. */
  shortcut?: string
  disabled?: boolean
  /** A setting that is on or off (pin, pause): a checkbox item, ticked while on. */
  checked?: boolean
}

interface MenuProps {
  label: string
  items: readonly MenuItem[]
  /** Where the menu's top left corner goes (viewport pixels); it is kept inside the window. */
  at: { x: number; y: number }
  /** Closes the menu and puts focus back where it came from; called before an item runs. */
  onClose(): void
  /** The button that opened the menu: a press on it is its own toggle, not a click outside. */
  owner?: RefObject<HTMLElement | null>
}

const EDGE_GAP = 6

/**
 * A popup menu (ARIA menu pattern): focus goes to the first item, the arrow keys, Home and End move
 * through the items, Enter or Space picks one, Escape or Tab closes it, so does a click outside.
 * Every key pressed inside stays inside: the page's own shortcuts do not see it.
 */
export function Menu({ label, items, at, onClose, owner }: MenuProps) {
  const ref = useRef<HTMLDivElement>(null)
  const [position, setPosition] = useState(at)

  useLayoutEffect(() => {
    const menu = ref.current
    if (!menu) return
    const box = menu.getBoundingClientRect()
    setPosition({
      x: Math.max(EDGE_GAP, Math.min(at.x, window.innerWidth - box.width - EDGE_GAP)),
      y: Math.max(EDGE_GAP, Math.min(at.y, window.innerHeight - box.height - EDGE_GAP)),
    })
    menu.querySelector<HTMLButtonElement>('[role^="menuitem"]:not(:disabled)')?.focus()
  }, [at.x, at.y])

  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node
      if (!ref.current?.contains(target) && !owner?.current?.contains(target)) onClose()
    }
    document.addEventListener('pointerdown', onPointerDown, true)
    window.addEventListener('blur', onClose)
    window.addEventListener('resize', onClose)
    return () => {
      document.removeEventListener('pointerdown', onPointerDown, true)
      window.removeEventListener('blur', onClose)
      window.removeEventListener('resize', onClose)
    }
  }, [onClose, owner])

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const enabled = [
      ...(ref.current?.querySelectorAll<HTMLButtonElement>('[role^="menuitem"]:not(:disabled)') ?? []),
    ]
    if (enabled.length === 0) return
    const current = enabled.indexOf(document.activeElement as HTMLButtonElement)
    const last = enabled.length - 1
    const next = {
      ArrowDown: current === last ? 0 : current + 1,
      ArrowUp: current <= 0 ? last : current - 1,
      Home: 0,
      End: last,
    }[event.key]
    if (next === undefined) return
    event.preventDefault()
    enabled[next]?.focus()
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    event.stopPropagation()
    if (event.key === 'Escape' || event.key === 'Tab') {
      event.preventDefault()
      onClose()
    } else move(event)
  }

  return (
    <div
      ref={ref}
      role="menu"
      aria-label={label}
      className="menu"
      style={{ left: position.x, top: position.y }}
      onKeyDown={onKeyDown}
      onContextMenu={(event) => event.preventDefault()}
    >
      {items.map((item) => (
        <button
          key={item.label}
          type="button"
          role={item.checked === undefined ? 'menuitem' : 'menuitemcheckbox'}
          aria-checked={item.checked}
          tabIndex={-1}
          className="menu-item"
          disabled={item.disabled}
          onClick={() => {
            onClose()
            item.onSelect()
          }}
        >
          <span>
            {item.checked !== undefined && (
              <span className="menu-check" aria-hidden="true">
                {item.checked ? '✓' : ''}
              </span>
            )}
            {item.label}
          </span>
          {item.shortcut && (
            <kbd className="menu-shortcut" aria-hidden="true">
              {item.shortcut}
            </kbd>
          )}
        </button>
      ))}
    </div>
  )
}

/** A header button that opens a menu below itself; focus comes back to it when the menu closes. */
export function MenuButton(props: { label: string; items: readonly MenuItem[]; children: ReactNode }) {
  const button = useRef<HTMLButtonElement>(null)
  const [at, setAt] = useState<{ x: number; y: number } | null>(null)
  const close = useCallback(() => {
    setAt(null)
    button.current?.focus()
  }, [])
  const open = () => {
    const box = button.current?.getBoundingClientRect()
    if (box) setAt({ x: box.right - MENU_WIDTH, y: box.bottom + 4 })
  }
  return (
    <>
      <button
        ref={button}
        type="button"
        className="icon-button"
        aria-label={props.label}
        title={props.label}
        aria-haspopup="menu"
        aria-expanded={at !== null}
        onClick={() => (at ? close() : open())}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault()
            open()
          }
        }}
      >
        {props.children}
      </button>
      {at && <Menu label={props.label} items={props.items} at={at} onClose={close} owner={button} />}
    </>
  )
}

/** The menu's width in CSS (.menu), so a menu under a right-hand button opens leftwards. */
const MENU_WIDTH = 200
