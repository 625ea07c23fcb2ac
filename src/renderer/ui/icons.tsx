/**
 * The few icons no font on every platform draws (a bell, a file): inline SVG in the text colour,
 * sized like the header's glyphs. Decorative: the button around each carries the name.
 */

const ICON = {
  width: 16,
  height: 16,
  viewBox: '0 0 16 16',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.5,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const

export function BellIcon() {
  return (
    <svg {...ICON}>
      <path d="M4 11.5V7a4 4 0 0 1 8 0v4.5l1.25 1.25H2.75L4 11.5Z" />
      <path d="M6.5 14.25a1.6 1.6 0 0 0 3 0" />
    </svg>
  )
}

/** A sheet with an arrow in and out: export and import of the watchlist. */
export function FileTransferIcon() {
  return (
    <svg {...ICON}>
      <path d="M9.5 1.75H4.25a1 1 0 0 0-1 1v10.5a1 1 0 0 0 1 1h7.5a1 1 0 0 0 1-1V5L9.5 1.75Z" />
      <path d="M9.5 1.75V5h3.25" />
      <path d="M6 9.25 8 11.25l2-2M8 11.25V6.75" />
    </svg>
  )
}
