import { z } from 'zod'

/**
 * Shared by the kill-while-writing test and its child (json-file.write-loop.child.ts): the
 * content the child writes over and over. The payload's length and text follow from `count`, so a
 * torn or mixed file fails the schema even where it happens to parse.
 */

export function payloadFor(count: number): string {
  return `${count}:${'x'.repeat(20_000 + (count % 7) * 5_000)}`
}

export const writeLoopSchema = z
  .object({ count: z.number().int().nonnegative(), payload: z.string() })
  .refine((state) => state.payload === payloadFor(state.count), { message: 'payload does not match count' })

export type WriteLoopState = z.output<typeof writeLoopSchema>
