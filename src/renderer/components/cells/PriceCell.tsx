import { useState } from 'react'
import { compareDecimalStrings } from '../../../shared/decimal'
import { formatPrice } from '../../format'
import { FitNumber } from './FitNumber'

interface Flash {
  direction: 'up' | 'down'
  /** Bumped on every move, so the flash element is re-created and its CSS animation restarts. */
  id: number
}

/**
 * A price that flashes green or red for a moment when it moves. The price text node stays; only
 * the flash overlay is replaced (by key), which restarts its fade without any per-frame script.
 */
export function PriceCell({ price }: { price: string | null }) {
  const [shown, setShown] = useState(price)
  const [flash, setFlash] = useState<Flash | null>(null)
  if (price !== shown) {
    // Adjusting state while rendering (React's pattern for "what changed since last render").
    const order = shown === null || price === null ? 0 : compareDecimalStrings(price, shown)
    setShown(price)
    if (order !== 0) setFlash({ direction: order > 0 ? 'up' : 'down', id: (flash?.id ?? 0) + 1 })
  }
  return (
    <>
      {flash && (
        <span
          key={flash.id}
          className={`flash flash-${flash.direction}`}
          aria-hidden="true"
          onAnimationEnd={() => setFlash(null)}
        />
      )}
      <FitNumber value={price} text={formatPrice(price)} kind="price" />
    </>
  )
}
