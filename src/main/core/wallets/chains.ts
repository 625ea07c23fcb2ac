/**
 * The chains a wallet is read on, and how the service and a node name each (real-service-notes.md,
 * "Contract addresses"). An EVM address is asked on Ethereum and on BNB Chain; a Solana address on
 * Solana.
 */

export const WALLET_CHAINS = ['ethereum', 'bsc', 'solana'] as const
export type WalletChain = (typeof WALLET_CHAINS)[number]

export type AddressKind = 'evm' | 'solana'

export const CHAINS_OF_KIND: Record<AddressKind, readonly WalletChain[]> = {
  evm: ['ethereum', 'bsc'],
  solana: ['solana'],
}

/** The service's `networkChainId`, used in `/v1/chains/{chainId}/balances` too. */
export const SERVICE_CHAIN_ID: Record<WalletChain, string> = {
  ethereum: 'ethereum-1',
  bsc: 'bsc-56',
  solana: 'solana-900',
}

/**
 * Solana mainnet's genesis hash: one docs page names the chain by it; a node answers it to getGenesisHash.
 */
export const SOLANA_GENESIS_HASH = '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d'

/** The chain a service `networkChainId` names, or null for one we do not read. */
export function chainOfServiceId(networkChainId: string): WalletChain | null {
  if (networkChainId === SOLANA_GENESIS_HASH) return 'solana'
  const found = (Object.entries(SERVICE_CHAIN_ID) as [WalletChain, string][]).find(
    ([, id]) => id === networkChainId,
  )
  return found ? found[0] : null
}

/** The EVM chain id a node of each chain must answer to `eth_chainId`. */
export const EVM_CHAIN_ID: Record<Exclude<WalletChain, 'solana'>, number> = { ethereum: 1, bsc: 56 }

export const CHAIN_NAME: Record<WalletChain, string> = {
  ethereum: 'Ethereum',
  bsc: 'BNB Chain',
  solana: 'Solana',
}
