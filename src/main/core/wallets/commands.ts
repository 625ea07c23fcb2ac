import type { WalletsView } from '../../../shared/wallets'
import type { SomeCommandHandlers } from '../command-handlers'
import type { WalletsFile } from './wallets-file'

/** What the wallets' commands use: the file, shared with the command line. */
export interface WalletsCommandContext {
  wallets: WalletsFile
}

function view(file: WalletsFile): WalletsView {
  const { wallets, nodes } = file.content()
  return { wallets, nodes: { ethereum: nodes.ethereum !== undefined, bsc: nodes.bsc !== undefined, solana: nodes.solana !== undefined }, problem: file.problem() }
}

/**
 * The watch-only wallets from the window: list, add by the address as typed (refused in words,
 * shown under the field), remove. Read afresh each time: the command line may have changed them.
 */
export function walletCommands(context: WalletsCommandContext): SomeCommandHandlers<'listWallets' | 'addWallet' | 'removeWallet'> {
  const { wallets } = context
  return {
    listWallets: async () => {
      await wallets.load()
      return view(wallets)
    },
    addWallet: async ({ address, label }) => {
      await wallets.add(address, label === undefined || label.trim() === '' ? undefined : label)
      return view(wallets)
    },
    removeWallet: async ({ address }) => {
      await wallets.remove(address)
      return view(wallets)
    },
  }
}
