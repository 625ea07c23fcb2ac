import Decimal from 'decimal.js'
import { type Hex, createPublicClient, erc20Abi, http } from 'viem'
import { afterEach, describe, expect, it } from 'vitest'
import { DEMO_WALLETS, SimWalletHoldings } from '../../../src/main/sim/market/wallet-holdings'
import { MULTICALL3_ADDRESS, type SimNode, startSimNode } from '../../../src/main/sim/server/sim-node'

/** The JSON-RPC stand-in (issue 48, item 7) answers from the same balances as the service routes. */

const holdings = new SimWalletHoldings(['AAPLon', 'NVDAon', 'TSLAon'])
let node: SimNode | undefined

afterEach(async () => {
  await node?.close()
  node = undefined
})

describe('the simulated node', () => {
  it('answers eth_chainId and balanceOf batched through Multicall3, in base units', async () => {
    node = await startSimNode({ holdings, chain: 'bsc' })
    const client = createPublicClient({ transport: http(node.url) })
    expect(await client.getChainId()).toBe(56)
    const nvda = holdings.tokenAddress('bsc', 'NVDAon') as Hex
    const results = await client.multicall({
      multicallAddress: MULTICALL3_ADDRESS,
      contracts: [
        { address: nvda, abi: erc20Abi, functionName: 'balanceOf', args: [DEMO_WALLETS.hot as Hex] },
        { address: nvda, abi: erc20Abi, functionName: 'balanceOf', args: [DEMO_WALLETS.cold as Hex] },
      ],
    })
    // 20.25 bought, 4.75 sold: 15.5 tokens of 18 decimals.
    const expected = BigInt(new Decimal('20.25').minus('4.75').times(new Decimal(10).pow(18)).toFixed(0))
    expect(results).toEqual([
      { status: 'success', result: expected },
      { status: 'success', result: 0n },
    ])
    expect(node.calls.map((call) => call.method)).toEqual(['eth_chainId', 'eth_call'])
  })

  it('answers a plain eth_call of balanceOf, outside Multicall3', async () => {
    node = await startSimNode({ holdings, chain: 'ethereum' })
    const client = createPublicClient({ transport: http(node.url, { retryCount: 0 }) })
    const balance = await client.readContract({
      address: holdings.tokenAddress('ethereum', 'AAPLon') as Hex,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [DEMO_WALLETS.cold as Hex],
    })
    // 12.5 bought, 3.5 moved to Hot: 9 tokens of 18 decimals.
    expect(balance).toBe(BigInt(new Decimal('12.5').minus('3.5').times(new Decimal(10).pow(18)).toFixed(0)))
  })

  it('says a revert as an execution-reverted error', async () => {
    node = await startSimNode({ holdings, chain: 'ethereum', fault: 'revert' })
    const client = createPublicClient({ transport: http(node.url, { retryCount: 0 }) })
    const read = client.readContract({
      address: holdings.tokenAddress('ethereum', 'AAPLon') as Hex,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [DEMO_WALLETS.cold as Hex],
    })
    await expect(read).rejects.toThrow(/reverted/)
  })
})
