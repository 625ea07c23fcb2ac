/**
 * What a node of the person's own may send back is bounded like every answer the app reads: a
 * declared or actual body past the cap is refused before it is parsed. Used as viem's `fetchFn`
 * and by the Solana transport.
 */

/** A wallet's balances of hundreds of tokens are a few tens of KB; a node may not flood us. */
export const MAX_NODE_ANSWER_BYTES = 1024 * 1024

export class NodeAnswerTooLarge extends Error {
  override readonly name = 'NodeAnswerTooLarge'
}

export async function boundedFetch(
  input: string | URL | Request,
  init?: RequestInit,
  maxBytes = MAX_NODE_ANSWER_BYTES,
): Promise<Response> {
  // No redirect: the person named this node, not wherever it points.
  const response = await fetch(input, { ...init, redirect: 'error' })
  const tooLarge = new NodeAnswerTooLarge(`the node's answer is larger than ${maxBytes} bytes; not read`)
  if (Number(response.headers.get('content-length')) > maxBytes) {
    await response.body?.cancel()
    throw tooLarge
  }
  const chunks: Uint8Array[] = []
  let size = 0
  const reader = response.body?.getReader()
  while (reader) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.length
    if (size > maxBytes) {
      await reader.cancel()
      throw tooLarge
    }
    chunks.push(value)
  }
  return new Response(Buffer.concat(chunks), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  })
}
