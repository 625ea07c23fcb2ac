import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type * as AnswerBody from '../../../src/main/core/api/answer-body'

/** Each test starts with no buffer kept: the module is loaded afresh. */
let body: typeof AnswerBody

beforeEach(async () => {
  vi.resetModules()
  body = await import('../../../src/main/core/api/answer-body')
})

afterEach(() => {
  vi.useRealTimers()
})

/** Chunks as a socket hands them over: slices of one read each, the last one short. */
function chunksOf(text: string, size = 65_536): Buffer[] {
  const bytes = Buffer.from(text)
  const chunks: Buffer[] = []
  for (let at = 0; at < bytes.length; at += size) chunks.push(Buffer.from(bytes.subarray(at, at + size)))
  return chunks
}

const join = (text: string) => body.joinBody(chunksOf(text), Buffer.byteLength(text))
/** A large answer (past a socket read) whose bytes say which one it is. */
const largeAnswer = (mark: string, length = 200_000) => mark + 'x'.repeat(length - mark.length)
const memoryOf = (joined: Buffer) => joined.buffer as ArrayBuffer

describe('an answer body joined and released', () => {
  it('joins the chunks in order, small bodies and large', () => {
    for (const text of ['{"price":"100.10"}', `[${'{"price":"229.54730113"},'.repeat(4_000)}1]`]) {
      expect(join(text).toString('utf8')).toBe(text)
    }
  })

  it('takes the next large answer into the memory of the last one released, each read as its own', () => {
    const first = join(largeAnswer('first'))
    expect(first.toString('utf8', 0, 5)).toBe('first')
    body.releaseBody(first)
    expect(memoryOf(first).detached).toBe(false)

    const second = join(largeAnswer('secnd', 150_000))
    expect(memoryOf(second)).toBe(memoryOf(first))
    expect(second.length).toBe(150_000)
    expect(second.toString('utf8')).toBe(largeAnswer('secnd', 150_000))
  })

  it('gives an answer coming while the kept memory is in use memory of its own, freed once read', () => {
    const first = join(largeAnswer('first'))
    const second = join(largeAnswer('secnd'))
    expect(memoryOf(second)).not.toBe(memoryOf(first))
    expect(first.toString('utf8', 0, 5)).toBe('first')
    expect(second.toString('utf8', 0, 5)).toBe('secnd')

    body.releaseBody(second)
    expect(memoryOf(second).detached).toBe(true)
    expect(second.length).toBe(0)
    // Released twice: nothing more happens, and nothing throws.
    body.releaseBody(second)
    expect(first.toString('utf8', 0, 5)).toBe('first')
  })

  it('keeps the larger memory when an answer outgrows the kept one, and frees the smaller', () => {
    const small = join(largeAnswer('small', 100_000))
    body.releaseBody(small)
    // A quarter more is room to grow: 125,000 bytes, so 120,000 still fits.
    const grown = join(largeAnswer('grown', 120_000))
    expect(memoryOf(grown)).toBe(memoryOf(small))
    body.releaseBody(grown)

    const large = join(largeAnswer('large', 300_000))
    expect(memoryOf(small).detached).toBe(true)
    expect(large.toString('utf8')).toBe(largeAnswer('large', 300_000))
    body.releaseBody(large)
    expect(memoryOf(join(largeAnswer('again', 300_000)))).toBe(memoryOf(large))
  })

  it('frees the kept memory after KEEP_UNUSED_MS unused, and not while answers keep coming', () => {
    vi.useFakeTimers()
    const first = join(largeAnswer('first'))
    body.releaseBody(first)
    vi.advanceTimersByTime(60_000)
    const second = join(largeAnswer('secnd'))
    expect(memoryOf(second)).toBe(memoryOf(first))
    // In use, it is never freed, however long the reader takes.
    vi.advanceTimersByTime(body.KEEP_UNUSED_MS * 2)
    expect(memoryOf(second).detached).toBe(false)

    body.releaseBody(second)
    vi.advanceTimersByTime(body.KEEP_UNUSED_MS - 1)
    expect(memoryOf(second).detached).toBe(false)
    vi.advanceTimersByTime(1)
    expect(memoryOf(second).detached).toBe(true)
    // The next large answer gets fresh memory, and reads as itself.
    const third = join(largeAnswer('third'))
    expect(memoryOf(third).detached).toBe(false)
    expect(third.toString('utf8', 0, 5)).toBe('third')
  })

  it('takes a body into memory outside the pool from exactly 64 KiB, and not a byte before', () => {
    const at = body.joinBody(chunksOf('y'.repeat(65_536)), 65_536)
    const under = body.joinBody(chunksOf('y'.repeat(65_535)), 65_535)
    body.releaseBody(at)
    body.releaseBody(under)
    // The 64 KiB body was the kept memory: the next large answer is taken into it.
    expect(memoryOf(join(largeAnswer('again', 65_536)))).toBe(memoryOf(at))
    expect(memoryOf(under)).not.toBe(memoryOf(at))
    expect(memoryOf(under).detached).toBe(false)
    expect(under.toString()).toBe('y'.repeat(65_535))
  })

  it("never frees a small body, whose bytes share Node's pool with other buffers", () => {
    const neighbour = Buffer.from('a neighbour in the pool')
    const small = body.joinBody([Buffer.from('{"price":'), Buffer.from('"100.10"}')], 18)
    body.releaseBody(small)
    expect(memoryOf(small).detached).toBe(false)
    expect(small.toString()).toBe('{"price":"100.10"}')
    expect(neighbour.toString()).toBe('a neighbour in the pool')
  })

  it('leaves alone a buffer it did not join, however large', () => {
    const other = Buffer.alloc(200_000, 0x41)
    body.releaseBody(other)
    expect(memoryOf(other).detached).toBe(false)
    expect(other.length).toBe(200_000)
  })
})
