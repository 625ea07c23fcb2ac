import { ListingIndex, readEntry } from '../../shared/listing-index'
import { ApiClient } from '../core/api/api-client'
import { ApiError } from '../core/api/api-errors'
import { EXIT, type CliIo, UsageError, writeLine } from './io'
import { type StoredKeyReader, needsListing, resolveApiKey, serviceBaseUrl } from './service-args'
import { CLI_USER_AGENT } from './user-agent'

/**
 * The --symbols entries read as the window reads them (readEntry: "aapl", "brk-b", "brkb",
 * "coca cola", "google"), against the service's listing, asked once and only when an entry is not
 * written as a full symbol. Each reading is said on stderr ("brk-b read as BRK.Bon"); an entry
 * that names no listed asset is a usage error, with a guess when there is one.
 */
export async function readByListing(
  entries: readonly string[],
  client: ApiClient,
  say: (line: string) => void,
): Promise<string[]> {
  if (!entries.some(needsListing)) return [...entries]
  const listing = new ListingIndex(await client.listedAssets())
  const symbols = new Set<string>()
  for (const entry of entries) {
    if (!needsListing(entry)) {
      symbols.add(entry)
      continue
    }
    const reading = readEntry(entry, listing)
    if (reading.symbol === null)
      throw new UsageError(
        `--symbols: "${entry.slice(0, 40)}" names no asset the service ` +
          `lists${didYouMean(reading.guess)}`,
      )
    if (reading.readAs) say(`${entry} read as ${reading.symbol}`)
    symbols.add(reading.symbol)
  }
  return [...symbols]
}

/** "; did you mean X?" or the sentence's full stop. */
export function didYouMean(guess: { symbol: string } | null): string {
  return guess ? `; did you mean ${guess.symbol}?` : '.'
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

/**
 * The listing of the app's service for a command that works without it (tx add): the listing, or
 * why it could not be had, in words.
 */
export async function listingIfAvailable(
  command: string,
  io: CliIo,
  deps: { readStoredKey?: StoredKeyReader; timeoutMs?: number },
): Promise<ListingIndex | string> {
  const baseUrl = await serviceBaseUrl(null, command, io)
  const apiKey = await resolveApiKey(io, baseUrl, deps.readStoredKey)
  if (!apiKey) return `no API key for ${baseUrl}`
  const client = new ApiClient({ baseUrl, apiKey, timeoutMs: deps.timeoutMs, userAgent: CLI_USER_AGENT })
  try {
    return new ListingIndex(await client.listedAssets())
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    return error.message
  } finally {
    await client.close()
  }
}
