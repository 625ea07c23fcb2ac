import { Dec } from './decimal'
import type { Attribution } from './portfolio'

/**
 * The attribution to the cent, its parts still adding up to the P&L shown (issue #49): each part
 * and the total rounded half to even, then the cents the parts lack (or have over) given to (or
 * taken from) the parts that lost (or gained) most in their rounding, so the table's sum is its
 * total line. The exact figures stay in the JSON.
 */

const PARTS = ['stock', 'multiplier', 'premium', 'fees'] as const
const CENT = new Dec('0.01')

export function attributionInCents(
  attribution: Attribution,
  pnl: string,
): { parts: Attribution; pnl: string } {
  const exact = PARTS.map((part) => new Dec(attribution[part]))
  const rounded = exact.map((value) => value.toDecimalPlaces(2, Dec.ROUND_HALF_EVEN))
  const total = new Dec(pnl).toDecimalPlaces(2, Dec.ROUND_HALF_EVEN)
  let short = total
    .minus(rounded.reduce((sum, value) => sum.plus(value), new Dec(0)))
    .dividedBy(CENT)
    .toNumber()
  // Most lost first when cents are short, most gained first when over.
  const order = PARTS.map((_, i) => i).sort((a, b) => {
    const lostA = (exact[a] as Dec).minus(rounded[a] as Dec)
    const lostB = (exact[b] as Dec).minus(rounded[b] as Dec)
    return short > 0 ? lostB.comparedTo(lostA) : lostA.comparedTo(lostB)
  })
  for (let step = 0; short !== 0; step++) {
    const i = order[step % order.length] as number
    const move = short > 0 ? CENT : CENT.negated()
    rounded[i] = (rounded[i] as Dec).plus(move)
    short += short > 0 ? -1 : 1
  }
  const text = (value: Dec) => value.toFixed(2)
  return {
    parts: {
      stock: text(rounded[0] as Dec),
      multiplier: text(rounded[1] as Dec),
      premium: text(rounded[2] as Dec),
      fees: text(rounded[3] as Dec),
    },
    pnl: text(total),
  }
}
