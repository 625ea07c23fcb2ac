import { setWalletBalances, walletStore } from './wallet-store'

/** The wallets' balances from the window: the last reading, and a reading on demand. */

/** The reading main holds now (null before its first); its pushes keep it current from then on. */
export async function loadWalletBalances(): Promise<void> {
  const result = await window.tokenwatch.latestWalletBalances()
  // A push may have come first: never replace a newer reading with an older one.
  if (result.ok && result.value && result.value.asOf >= (walletStore.getState().view?.asOf ?? 0))
    setWalletBalances(result.value)
}

/** Reads every wallet now (the refresh buttons); a refusal is kept for the view that asked. */
export async function readWalletsNow(): Promise<void> {
  walletStore.setState({ reading: true })
  const result = await window.tokenwatch.readWalletBalances()
  walletStore.setState(
    result.ok
      ? { reading: false, problem: null, view: result.value }
      : { reading: false, problem: result.error.message },
  )
}
