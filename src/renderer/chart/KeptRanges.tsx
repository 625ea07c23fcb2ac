import { useLayoutEffect, useRef, type ReactNode } from 'react'

/**
 * A chart's stack of ranges: `children` (what stands for the range chosen while it is not drawn: a
 * message, or a chart that is not kept), then every range drawn so far, each kept drawn but hidden
 * (inert) while another is shown, so going back to one shows a chart already laid out and painted.
 * `render` draws a kept range, or null while it has nothing to draw. The keyboard's focus, once
 * inside, follows the chart shown.
 */
export function KeptRanges<Range extends string, Kept extends Range = Range>({
  range,
  drawn,
  render,
  children,
}: {
  range: Range
  drawn: readonly Kept[]
  render: (kept: Kept) => ReactNode | null
  children?: ReactNode
}) {
  const stack = useRef<HTMLDivElement>(null)
  const focusInside = useRef(false)
  useLayoutEffect(() => {
    if (focusInside.current) stack.current?.querySelector<HTMLElement>('.chart-shown figure')?.focus()
  }, [range])
  return (
    <div
      ref={stack}
      className="chart-stack"
      onFocus={() => (focusInside.current = true)}
      onBlur={(event) => {
        if (!stack.current?.contains(event.relatedTarget as Node | null)) focusInside.current = false
      }}
    >
      {children}
      {drawn.map((kept) => {
        const chart = render(kept)
        if (chart === null) return null
        const shown = kept === range
        return (
          <div
            key={kept}
            className={shown ? 'chart-slot chart-shown' : 'chart-slot chart-kept'}
            inert={!shown}
            aria-hidden={shown ? undefined : true}
          >
            {chart}
          </div>
        )
      })}
    </div>
  )
}
