import { memo, useEffect } from 'react'
import { useDividends } from '../../service-status/service-store'
import { yieldText } from '../../service-status/service-status-text'
import { wantYield } from '../yield-loader'
import { MISSING } from '../../format'

/** The trailing dividend yield, asked of the service once a day (yield-loader.ts); "—" until then. */
export const YieldCell = memo(function YieldCell({ symbol }: { symbol: string }) {
  const view = useDividends(symbol)
  useEffect(() => wantYield(symbol), [symbol])
  if (view && !view.available)
    return (
      <span className="muted" title="This service does not publish dividends">
        n/a
      </span>
    )
  const fraction = view?.dividends?.dividendYield
  return (
    <span className="num" title={view?.problem ?? undefined}>
      {fraction == null ? MISSING : yieldText(fraction)}
    </span>
  )
})
