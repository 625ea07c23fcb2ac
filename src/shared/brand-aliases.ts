/**
 * Names people call a company by that its listed name does not contain: "google" for Alphabet,
 * "facebook" for Meta. Keyed by ticker, so the alias finds the company wherever the service lists
 * it. Short on purpose: each entry is a name a newcomer types and then wrongly concludes is not
 * listed; a nickname that is only a brand of many ("coke") stays out, so it finds nothing rather
 * than a guess.
 */
export const BRAND_ALIASES: Readonly<Record<string, readonly string[]>> = {
  GOOGL: ['Google'],
  GOOG: ['Google'],
  META: ['Facebook'],
  TSM: ['TSMC'],
}
