import { describe, expect, it } from 'vitest'
import { joinBody, releaseBody } from '../../../src/main/core/api/answer-body'

/** Chunks as a socket hands them over: slices of one read each, the last one short. */
function chunksOf(text: string, size: number): Buffer[] {
  const bytes = Buffer.from(text)
  const chunks: Buffer[] = []
  for (let at = 0; at < bytes.length; at += size) chunks.push(Buffer.from(bytes.subarray(at, at + size)))
  return chunks
}

describe('an answer body joined and released', () => {
  it('joins the chunks in order, small bodies and large', () => {
    for (const text of ['{"price":"100.10"}', `[${'{"price":"229.54730113"},'.repeat(4_000)}1]`]) {
      const chunks = chunksOf(text, 65_536)
      const body = joinBody(chunks, Buffer.byteLength(text))
      expect(body.toString('utf8')).toBe(text)
    }
  })

  it('frees a large body once released: it reads as empty, its memory detached', () => {
    const text = 'x'.repeat(200_000)
    const body = joinBody(chunksOf(text, 65_536), text.length)
    const buffer = body.buffer as ArrayBuffer
    releaseBody(body)
    expect(buffer.detached).toBe(true)
    expect(body.length).toBe(0)
    // Released twice: nothing more happens, and nothing throws.
    releaseBody(body)
  })

  it('gives a body its own buffer from exactly 64 KiB, and not a byte before', () => {
    const at = joinBody(chunksOf('y'.repeat(65_536), 65_536), 65_536)
    const under = joinBody(chunksOf('y'.repeat(65_535), 65_536), 65_535)
    releaseBody(at)
    releaseBody(under)
    expect((at.buffer as ArrayBuffer).detached).toBe(true)
    expect((under.buffer as ArrayBuffer).detached).toBe(false)
    expect(under.toString()).toBe('y'.repeat(65_535))
  })

  it("never frees a small body, whose bytes share Node's pool with other buffers", () => {
    const neighbour = Buffer.from('a neighbour in the pool')
    const body = joinBody([Buffer.from('{"price":'), Buffer.from('"100.10"}')], 18)
    releaseBody(body)
    expect((body.buffer as ArrayBuffer).detached).toBe(false)
    expect(body.toString()).toBe('{"price":"100.10"}')
    expect(neighbour.toString()).toBe('a neighbour in the pool')
  })

  it('leaves alone a buffer it did not join, however large', () => {
    const other = Buffer.alloc(200_000, 0x41)
    releaseBody(other)
    expect((other.buffer as ArrayBuffer).detached).toBe(false)
    expect(other.length).toBe(200_000)
  })
})
