import fc from 'fast-check'

/**
 * Decimal strings as the service sends them, and the values a field almost accepts, for the
 * property tests that hold a hand-written check against the zod schema it shortcuts.
 */

export const digits = (max: number) => fc.stringMatching(new RegExp(`^\\d{1,${max}}$`))
export const validDecimal = fc
  .tuple(fc.boolean(), digits(22), fc.option(digits(20), { nil: undefined }))
  .map(
    ([minus, integer, fraction]) =>
      `${minus ? '-' : ''}${integer}${fraction === undefined ? '' : `.${fraction}`}`,
  )
const unsignedDecimalOf = (decimals: fc.Arbitrary<string>) => decimals.map((text) => text.replace(/^-/, ''))
export const unsignedDecimal = unsignedDecimalOf(validDecimal)
const oddValues = fc.constantFrom(
  '1e5',
  '+1',
  ' 1',
  '1.',
  '.5',
  '',
  '-',
  '-0',
  '-1.5',
  '0',
  '0.000',
  '1'.repeat(40),
  '1'.repeat(41),
  `1.${'2'.repeat(40)}`,
  `1.${'2'.repeat(41)}`,
  '١٢',
  '12\n',
  'A'.repeat(65),
  '😀'.repeat(33),
  'A'.repeat(513),
  -0,
  -1,
  1.5,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.MAX_SAFE_INTEGER + 1,
  253_402_300_800_000,
)
export const negativeDecimal = unsignedDecimalOf(validDecimal).map((text) => `-${text}`)
/** Values a field almost accepts: the cases a hand-written check is most likely to get wrong. */
export const nearMisses = fc.oneof(oddValues, negativeDecimal)
