import { memo, useLayoutEffect, useRef } from 'react'
import { compareDecimalStrings } from '../../../shared/decimal'
import { formatPrice } from '../../format'
import { FitNumber } from './FitNumber'

const FLASH_KEYFRAMES: Keyframe[] = [{ opacity: 1 }, { opacity: 0 }]
const FLASH_TIMING: KeyframeAnimationOptions = { duration: 900, easing: 'ease-out' }
/** Asked for less motion, a price changes without the flash (as the ticker stops scrolling). */
const reducedMotion = typeof matchMedia === 'function' ? matchMedia('(prefers-reduced-motion: reduce)') : null

/**
 * Fades the overlay in the move's colour from full to nothing. The overlay is always there
 * (transparent when still) with one fade for its life, restarted at each move through the Web
 * Animations API: no element is created or removed and nothing renders again, at every move of
 * every price in view. (Asking the element for its animations instead would work out the page's
 * style at each move: most of a delta's time.)
 */
function flash(
  overlay: HTMLElement | null,
  fade: { current: Animation | null },
  direction: 'up' | 'down',
): void {
  if (!overlay || reducedMotion?.matches) return
  overlay.dataset.direction = direction
  if (fade.current) {
    fade.current.currentTime = 0
    fade.current.play()
  } else fade.current = overlay.animate(FLASH_KEYFRAMES, FLASH_TIMING)
}

/** A price that flashes green or red for a moment when it moves. */
export const PriceCell = memo(function PriceCell({ price }: { price: string | null }) {
  const overlay = useRef<HTMLSpanElement>(null)
  const fade = useRef<Animation | null>(null)
  const shown = useRef(price)
  useLayoutEffect(() => {
    const before = shown.current
    shown.current = price
    if (before === null || price === null || before === price) return
    const order = compareDecimalStrings(price, before)
    if (order !== 0) flash(overlay.current, fade, order > 0 ? 'up' : 'down')
  }, [price])
  return (
    <>
      <span ref={overlay} className="flash" aria-hidden="true" />
      <FitNumber value={price} text={formatPrice(price)} kind="price" />
    </>
  )
})
