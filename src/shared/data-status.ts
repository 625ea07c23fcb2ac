import type { AppStatus } from './status'

/**
 * When data last arrived from any endpoint (ms), or null when none has yet. An error arriving
 * moves nothing here: "Updated" means new data, never a new failure.
 */
export function lastDataAt(status: AppStatus): number | null {
  let latest: number | null = null
  for (const endpoint of Object.values(status.endpoints))
    if (endpoint.lastSuccessAt !== null && (latest === null || endpoint.lastSuccessAt > latest))
      latest = endpoint.lastSuccessAt
  return latest
}
