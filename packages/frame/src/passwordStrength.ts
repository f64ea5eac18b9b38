// The recovery password's strength floor. A mailbox holder gets the sealed recovery share of a
// password-recovery wallet (threat model), so the password alone stands between them and the
// wallet, offline. zxcvbn (the @zxcvbn-ts port, with its common and English dictionaries) estimates
// the guesses an attacker needs, counting dictionary words, names, keyboard walks, dates, l33t and
// the account's own email. Its code and dictionaries are large, so they load with import() when the
// password screen opens and never on the frame's first load.

/** The least zxcvbn score (0–4) of a new recovery password: 4, an estimate of at least 10^10
 * guesses. The attack is offline, on the sealed share, against Argon2id (kdf.ts): at 10^4 guesses a
 * second on rented hardware that is about 12 days; score 3 (10^8) would be about 3 hours. */
export const minPasswordScore = 4

type Estimate = (password: string, userInputs: string[]) => number
let estimator: Promise<Estimate> | undefined

/** Starts loading the estimator (the password screen calls it as it opens). */
export function loadEstimator(): Promise<Estimate> {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common, en] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-en'),
    ])
    const factory = new ZxcvbnFactory({
      graphs: common.adjacencyGraphs,
      dictionary: { ...common.dictionary, ...en.dictionary },
      useLevenshteinDistance: true,
    })
    return (password, userInputs) => factory.check(password, userInputs).score
  })()
  // A failed load (network) may be retried by the next attempt.
  estimator.catch(() => {
    estimator = undefined
  })
  return estimator
}

/** Whether `password` is too easy to guess for a new recovery password; `email` (and its parts)
 * count as known to the attacker. */
export async function isWeakPassword(password: string, email: string): Promise<boolean> {
  const estimate = await loadEstimator()
  const local = email.split('@')[0] ?? ''
  const inputs = [email, local, ...local.split(/[._+-]/).filter((part) => part.length > 2)]
  return estimate(password, inputs) < minPasswordScore
}
