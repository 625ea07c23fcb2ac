import { useLayoutEffect, useRef, useState, type ReactNode } from 'react'
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

/**
 * A number in a watchlist cell that is never clipped: after each render it checks whether it
 * overflows and, if so, takes the next step. The sign is part of every form, and the check runs
 * before the browser paints, so a step never shows. The exact value is the tooltip.
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
  const [fit, setFit] = useState<Fit>({ text, step: 0, cellWidth: 0 })
  let current = fit
  // A new value as long as the old fits the same way; a shorter one may fit better: start over.
  if (fit.text !== text) {
    current = { text, step: text.length < fit.text.length ? 0 : fit.step, cellWidth: fit.cellWidth }
    setFit(current)
  }
  const { step } = current

  // After every render, on purpose: the cell may have narrowed with the same text (a resize, a
  // panel opening). It settles: each update takes a further step or starts over for a wider cell.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    const number = ref.current
    if (!number) return
    const cellWidth = number.parentElement?.clientWidth ?? 0
    if (number.scrollWidth > number.clientWidth && step < STEPS.length - 1)
      setFit({ text, step: step + 1, cellWidth })
    else if (step > 0 && cellWidth > current.cellWidth) setFit({ text, step: 0, cellWidth })
  })

  const { short, size, bare } = STEPS[step] ?? STEPS[0]
  const exact = value === null || value === undefined ? undefined : kind === 'percent' ? `${value}%` : value
  return (
    <span ref={ref} className={`num fit${size} ${className}`} title={exact}>
      {!bare && children}
      {short ? formatShort(value, kind) : text}
    </span>
  )
}
