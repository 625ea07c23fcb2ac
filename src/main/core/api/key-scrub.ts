import { withheld } from './terminal-text'

/**
 * Taking the API key out of what a service sent. A service (or a proxy before it) that reflects
 * the key may write it plainly or with any of its characters as a JSON escape (`\u0074`, `\/`):
 * only the parsed strings show it, so the search is made after parsing, in every string and
 * property name.
 */

/** The text with every occurrence of the key replaced by "[key]". */
export function scrubKey(text: string, key: string | null): string {
  return key === null ? text : withheld(text, [key])
}

/**
 * JSON.parse, with the key taken out of every string and property name. The parsed value is
 * walked only when the key could be in it: a text without a backslash holds each string as it is,
 * so the key is in a parsed string only if it is in the text. The walk is iterative (an answer
 * may nest arrays 100,000 deep) and not a reviver, which would copy the source text of every value.
 */
export function parseJsonWithoutKey(text: string, key: string | null): unknown {
  const parsed: unknown = JSON.parse(text)
  if (key === null || (!text.includes('\\') && !text.includes(key))) return parsed
  if (typeof parsed === 'string') return scrubKey(parsed, key)
  const pending: object[] = []
  const visit = (value: unknown, replace: (scrubbed: string) => void) => {
    if (typeof value === 'string') {
      if (value.includes(key)) replace(scrubKey(value, key))
    } else if (typeof value === 'object' && value !== null) pending.push(value)
  }
  visit(parsed, () => undefined)
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    const container = node as Record<string, unknown>
    if (Array.isArray(node)) {
      node.forEach((item: unknown, index) => visit(item, (scrubbed) => (node[index] = scrubbed)))
      continue
    }
    for (const name of Object.keys(container)) {
      visit(container[name], (scrubbed) => (container[name] = scrubbed))
      if (!name.includes(key)) continue
      Object.defineProperty(container, scrubKey(name, key), {
        value: container[name],
        enumerable: true,
        writable: true,
        configurable: true,
      })
      delete container[name]
    }
  }
  return parsed
}

/**
 * The value with the key taken out of every string and property name, for what leaves main (the
 * window's answers and events) or reaches a file: the parser scrubs what the service sends, this
 * withholds the key whatever road brought it. A value without the key (nearly every one) is only
 * read, allocating nothing, and returned as it is; one with it is copied where it holds it.
 */
export function withoutKey<T>(value: T, key: string | null): T {
  if (key === null || key === '' || !holdsKey(value, key)) return value
  return scrubbedCopy(value, key) as T
}

/**
 * Whether the key is in any string or property name of the value. `for...in` rather than
 * Object.entries: it allocates no array per object (a snapshot of 20 rows and their histories
 * holds thousands), and the inherited names it may also visit can only add a needless copy.
 */
function holdsKey(value: unknown, key: string): boolean {
  if (typeof value === 'string') return value.includes(key)
  if (typeof value !== 'object' || value === null) return false
  if (Array.isArray(value)) return value.some((item) => holdsKey(item, key))
  const record = value as Record<string, unknown>
  for (const name in record) if (name.includes(key) || holdsKey(record[name], key)) return true
  return false
}

function scrubbedCopy(value: unknown, key: string): unknown {
  if (typeof value === 'string') return value.includes(key) ? scrubKey(value, key) : value
  if (typeof value !== 'object' || value === null) return value
  if (Array.isArray(value)) {
    const items = value.map((item: unknown) => scrubbedCopy(item, key))
    return items.some((item, index) => item !== value[index]) ? items : value
  }
  let changed = false
  const entries = Object.entries(value).map(([name, inner]) => {
    const scrubbed: [string, unknown] = [scrubKey(name, key), scrubbedCopy(inner, key)]
    if (scrubbed[0] !== name || scrubbed[1] !== inner) changed = true
    return scrubbed
  })
  return changed ? Object.fromEntries(entries) : value
}
