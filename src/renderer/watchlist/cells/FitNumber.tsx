import { useLayoutEffect, useReducer, useRef, useState, type ReactNode } from 'react'
import { flushSync } from 'react-dom'
import { formatShort, type NumberKind } from '../../format'

/**
 * The steps a number takes until it fits its cell: smaller type, then the short form ("1.23M",
 * "0.0₆123"), smaller again, and last without what goes before it (an arrow, which says what the
 * sign already says). The exact digits come first for as long as they fit.
 */
const STEPS = [
  { short: false, size: '', bare: false },
  { short: false, size: ' fit-small', bare: false },
  { short: false, size: ' fit-smaller', bare: false },
  { short: true, size: ' fit-small', bare: false },
  { short: true, size: ' fit-smaller', bare: false },
  { short: true, size: ' fit-smaller', bare: true },
] as const

interface Fit {
  /** The full text the step was found for. */
  text: string
  step: number
  /** The cell's width when the step was found: a wider cell starts again from the first step. */
  cellWidth: number
}

/** Checks one number against its cell; may take a step (a state update, so a render). */
type FitCheck = () => void

/**
 * The numbers to check before the next frame is painted. They are measured together in a frame
 * callback, where the frame's layout is due anyway, not in React's commit: a measurement there
 * forces a layout of the page in the middle of every delta's commit (more than half of its time
 * at 1,000 rows), and again for each commit in the same frame.
 */
const waiting = new Set<FitCheck>()
let frame = 0
let checking = false

/** The check of every number on screen, for a change that moves them all (the columns' widths). */
const mounted = new Set<FitCheck>()

function checkBeforePaint(check: FitCheck): void {
  waiting.add(check)
  if (!frame && !checking) frame = requestAnimationFrame(checkWaiting)
}

/**
 * Checks every number on screen before the next paint. For a change of the columns' widths: the
 * cells re-render only when their value moves, so nothing else would tell a number that its
 * cell narrowed under it, or widened enough for its full digits again.
 */
export function checkAllNumbersBeforePaint(): void {
  for (const check of mounted) checkBeforePaint(check)
}

/**
 * Runs every waiting check; a number that took a step renders at once (flushSync) and, its
 * layout effect asking again, is checked again, until each fits or has no step left: all before
 * this frame is painted, so a step never shows.
 */
function checkWaiting(): void {
  frame = 0
  checking = true
  try {
    for (let round = 0; waiting.size > 0 && round < STEPS.length; round++) {
      const checks = [...waiting]
      waiting.clear()
      flushSync(() => checks.forEach((check) => check()))
    }
  } finally {
    checking = false
  }
  if (waiting.size > 0) frame = requestAnimationFrame(checkWaiting)
}

/**
 * A number in a watchlist cell that is never clipped: after each render it is checked, before
 * the browser paints, for whether it overflows and, if so, takes the next step. The sign is part
 * of every form, so a step never hides it. The exact value is the tooltip.
 */
export function FitNumber(props: {
  /** The decimal string as received (the tooltip, and the source of the short form). */
  value: string | null | undefined
  /** The value formatted in full. */
  text: string
  kind: NumberKind
  className?: string
  /** Shown before the number (an arrow), measured with it. */
  children?: ReactNode
}) {
  const { value, text, kind, className = '', children } = props
  const ref = useRef<HTMLSpanElement>(null)
  // The fit is kept in a ref, not in state: a new value would otherwise be stored during render,
  // which makes React render the number twice at every move of a price in view. A check that
  // takes a step stores it and renders the number again (rerender).
  const fit = useRef<Fit>({ text, step: 0, cellWidth: 0 })
  const [, rerender] = useReducer((renders: number) => renders + 1, 0)
  const held = fit.current
  // A new value as long as the old fits the same way; a shorter one may fit better: start over.
  const current =
    held.text === text
      ? held
      : { text, step: text.length < held.text.length ? 0 : held.step, cellWidth: held.cellWidth }
  fit.current = current
  const { step } = current

  // The check reads what was last rendered; it is one function for the component's life, so a
  // number rendered twice before the frame is checked once.
  const shown = useRef(current)
  const [check] = useState<FitCheck>(() => () => {
    const number = ref.current
    if (!number) return
    const { text: shownText, step: shownStep, cellWidth: knownWidth } = shown.current
    const cellWidth = number.parentElement?.clientWidth ?? 0
    const take = (next: Fit) => {
      fit.current = next
      rerender()
    }
    if (number.scrollWidth > number.clientWidth && shownStep < STEPS.length - 1)
      take({ text: shownText, step: shownStep + 1, cellWidth })
    else if (shownStep > 0 && cellWidth > knownWidth) take({ text: shownText, step: 0, cellWidth })
  })
  // After every render, on purpose: a render with the same text may come with a narrower cell. It
  // settles: each check takes a further step or starts over for a wider cell.
  useLayoutEffect(() => {
    shown.current = current
    checkBeforePaint(check)
  })
  useLayoutEffect(() => {
    mounted.add(check)
    return () => {
      mounted.delete(check)
      waiting.delete(check)
    }
  }, [check])

  const { short, size, bare } = STEPS[step] ?? STEPS[0]
  const exact = value === null || value === undefined ? undefined : kind === 'percent' ? `${value}%` : value
  return (
    <span ref={ref} className={`num fit${size} ${className}`} title={exact}>
      {!bare && children}
      {short ? formatShort(value, kind) : text}
    </span>
  )
}
