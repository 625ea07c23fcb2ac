import { ListingIndex } from '../../shared/listing-index'
import type { ApiClient } from '../core/api/api-client'
import { ApiError } from '../core/api/api-errors'
import { listedAssetsOf } from '../core/api/listed-assets'
import { EXIT, type CliIo, UsageError, writeLine } from './io'
import { needsListing } from './service-args'

/**
 * The --symbols entries written as traders write them ("brk-b", "BRK/B", "coca cola"), read
 * against the service's listing, asked once and only when such an entry was given. Each reading
 * is said on stderr ("brk-b read as BRK.Bon"); an entry that names no listed asset is a usage
 * error, with a guess when there is one.
 */
export async function readByListing(
  entries: readonly string[],
  client: ApiClient,
  say: (line: string) => void,
): Promise<string[]> {
  if (!entries.some(needsListing)) return [...entries]
  const listing = new ListingIndex(listedAssetsOf((await client.allMarket()).records))
  const symbols = new Set<string>()
  for (const entry of entries) {
    if (!needsListing(entry)) {
      symbols.add(entry)
      continue
    }
    const asset = listing.readAs(entry)
    if (!asset) {
      const guess = listing.likelyMeant(entry)
      throw new UsageError(
        `--symbols: "${entry.slice(0, 40)}" names no asset the service lists${guess ? `; did you mean ${guess.symbol}?` : ''}.`,
      )
    }
    say(`${entry} read as ${asset.symbol}`)
    symbols.add(asset.symbol)
  }
  return [...symbols]
}

/**
 * readByListing for a command: the symbols, or the exit code after saying on stderr why not (a
 * bad entry is bad usage; a listing the service would not give is the service's failure).
 */
export async function symbolsOrExit(
  command: string,
  entries: readonly string[],
  client: ApiClient,
  io: CliIo,
): Promise<string[] | number> {
  try {
    return await readByListing(entries, client, (line) => writeLine(io.stderr, line))
  } catch (error) {
    if (error instanceof UsageError) {
      writeLine(io.stderr, `tokenwatch ${command}: ${error.message}`)
      return EXIT.usage
    }
    if (!(error instanceof ApiError)) throw error
    writeLine(io.stderr, `tokenwatch ${command}: could not read the service's listing: ${error.message}`)
    return error.kind === 'key-missing' || error.kind === 'key-rejected' ? EXIT.key : EXIT.service
  }
}
