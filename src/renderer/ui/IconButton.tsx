import type { ReactNode } from 'react'

/**
 * A small square button showing a glyph; its label is both its accessible name and its tooltip.
 * `pressed` makes it a toggle (aria-pressed), drawn lit while on.
 */
export function IconButton(props: {
  label: string
  onClick(): void
  id?: string
  pressed?: boolean
  className?: string
  children: ReactNode
}) {
  return (
    <button
      type="button"
      id={props.id}
      className={`icon-button ${props.className ?? ''}`}
      aria-label={props.label}
      aria-pressed={props.pressed}
      title={props.label}
      onClick={props.onClick}
    >
      {props.children}
    </button>
  )
}
