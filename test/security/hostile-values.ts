import fc from 'fast-check'

/**
 * Values a compromised renderer could send, for fuzzing the IPC arguments: prototype-pollution
 * shapes, huge strings, deep nesting, odd numbers and wrong types. All of them survive Electron's
 * structured clone, so main can really receive them.
 */

/** `depth` arrays, each holding the next: [[[[...]]]]. */
export function nestedArrays(depth: number): unknown {
  let value: unknown = []
  for (let i = 0; i < depth; i++) value = [value]
  return value
}

/** `depth` objects, each holding the next under `key`. */
export function nestedObjects(depth: number, key: string): unknown {
  let value: unknown = {}
  for (let i = 0; i < depth; i++) value = { [key]: value }
  return value
}

const MEGABYTES = 1024 * 1024

/** One of each kind of trouble, built once (the big ones are shared, not copied). */
export const HOSTILE_FIXTURES: readonly unknown[] = [
  JSON.parse('{"__proto__": {"polluted": "yes"}}'),
  JSON.parse('{"constructor": {"prototype": {"polluted": "yes"}}}'),
  JSON.parse('{"symbol": "AAPLon", "__proto__": {"polluted": "yes"}}'),
  Object.assign(Object.create(null) as object, { symbol: 'AAPLon' }),
  'A'.repeat(5 * MEGABYTES),
  { symbol: `${'A'.repeat(5 * MEGABYTES)}on` },
  { key: 'k'.repeat(5 * MEGABYTES) },
  { text: 'AAPLon\n'.repeat(200_000) },
  nestedArrays(100_000),
  nestedObjects(10_000, 'input'),
  new Array(1_000_000),
  Number.NaN,
  Number.POSITIVE_INFINITY,
  -0,
  Number.MAX_SAFE_INTEGER + 2,
  10n ** 30n,
  new Date(Number.NaN),
  /^(a+)+$/,
  new Map([['symbol', 'AAPLon']]),
  new Set(['AAPLon']),
  new Uint8Array(16),
  '\u0000\u202e\u2028\ud800',
  '../../etc/passwd',
  'https://attacker.invalid/',
  null,
  undefined,
  [],
  {},
]

/** Whatever a structured clone can carry, a few levels deep. */
export const anyValue = fc.anything({
  maxDepth: 3,
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withTypedArray: true,
  withSparseArray: true,
  withNullPrototype: true,
  withObjectString: true,
})

/** A value for one field: hostile, or of the right kind by chance (so some calls are valid). */
export const fieldValue = fc.oneof(
  anyValue,
  fc.constantFrom(...HOSTILE_FIXTURES),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    'AAPLon',
    'TSLAon',
    'https://example.com',
    'dark',
    'csv',
    'json',
    'above',
    'a-valid-key-1234',
  ),
  fc.integer({ min: -10, max: 100_000 }),
  fc.boolean(),
)
