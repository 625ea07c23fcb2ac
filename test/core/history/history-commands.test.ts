import { describe, expect, it } from 'vitest'
import { type HistoryCommandContext, historyCommands } from '../../../src/main/core/history/commands'
import type { HistoryRange } from '../../../src/shared/history'

/**
 * getHistory asks the service only for a symbol the app polls or shows: one the feed's plan
 * polls (a list just added to, before its first answer) or one a row shows, and no other.
 */

interface Asked {
  symbol: string
  range: HistoryRange
}

function commandsWith(polled: string[], shown: string[]) {
  const asked: Asked[] = []
  const context = {
    feed: {
      status: () => ({ plan: { symbols: polled } }),
      snapshot: () => ({ assets: shown.map((symbol) => ({ symbol })) }),
    },
    history: {
      history: async (symbol: string, range: HistoryRange) => {
        asked.push({ symbol, range })
        return { symbol, range }
      },
    },
  } as unknown as HistoryCommandContext
  return { getHistory: historyCommands(context).getHistory, asked }
}

describe('getHistory: which symbols main asks the service about', () => {
  it('asks for a symbol the feed polls that no row shows yet (its first answer still to come)', async () => {
    const { getHistory, asked } = commandsWith(['AAPLon', 'TSLAon'], ['AAPLon'])
    await expect(getHistory({ symbol: 'TSLAon', range: '1m' })).resolves.toEqual({
      symbol: 'TSLAon',
      range: '1m',
    })
    expect(asked).toEqual([{ symbol: 'TSLAon', range: '1m' }])
  })

  it('asks for a symbol a row shows that the plan no longer polls, among other rows', async () => {
    const { getHistory, asked } = commandsWith(['AAPLon'], ['AAPLon', 'NVDAon', 'SPYon'])
    await getHistory({ symbol: 'NVDAon', range: '1w' })
    expect(asked).toEqual([{ symbol: 'NVDAon', range: '1w' }])
  })

  it('refuses a symbol neither polled nor shown, and never asks the service about it', async () => {
    const { getHistory, asked } = commandsWith(['AAPLon'], ['AAPLon', 'NVDAon'])
    await expect(getHistory({ symbol: 'ZZZZon', range: '1m' })).rejects.toThrow(
      'ZZZZon is not on a watched list.',
    )
    expect(asked).toEqual([])
  })
})
