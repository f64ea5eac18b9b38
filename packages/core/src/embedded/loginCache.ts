import { type LatchStorage, readStored, STORED_VALUES, writeStored } from '../storage.js'

/** Email login may be asked once per 30 seconds (spec §5, §9). */
export const EMAIL_LOGIN_COOLDOWN_MS = 30_000

/**
 * The login cache (spec §3 browser-stored keys): whether this browser logged in with email, the
 * email, the social username, when the last code was sent (the 30 s throttle) and whether the wallet window holds the
 * login.
 */
export function createLoginCache(storage: LatchStorage) {
  /** The last send, in memory too: a storage that refuses writes still throttles. */
  let lastEmailAt: number | undefined
  const lastSent = () => lastEmailAt ?? readStored(storage, STORED_VALUES.lastEmailLoginTime)
  const setLastSent = (at: number | undefined) => {
    lastEmailAt = at
    writeStored(storage, STORED_VALUES.lastEmailLoginTime, at)
  }
  return {
    /** Seconds until another email may be sent (0: now), rounded up. */
    cooldown(now: number): number {
      const last = lastSent()
      if (last === undefined || last > now) return 0
      return Math.max(0, Math.ceil((last + EMAIL_LOGIN_COOLDOWN_MS - now) / 1000))
    },
    /** Starts the throttle; returns how to undo it when no mail went out. */
    markSent(now: number): () => void {
      const before = lastSent()
      setLastSent(now)
      return () => setLastSent(before)
    },
    /** A login succeeded with this email (none: a social account whose provider gave none). */
    remember(email: string, socialUsername?: string): void {
      writeStored(storage, STORED_VALUES.emailLoginUsed, true)
      if (email !== '') writeStored(storage, STORED_VALUES.connectedEmail, email)
      writeStored(storage, STORED_VALUES.socialUsername, socialUsername)
    },
    /** The email changed: kept where an email was kept. */
    updateEmail(email: string): void {
      if (readStored(storage, STORED_VALUES.connectedEmail) !== undefined)
        writeStored(storage, STORED_VALUES.connectedEmail, email)
    },
    loggedInBefore: (): boolean => readStored(storage, STORED_VALUES.emailLoginUsed) === true,
    inWindow: (): boolean => readStored(storage, STORED_VALUES.embeddedWalletWindow) === true,
    setInWindow(on: boolean): void {
      writeStored(storage, STORED_VALUES.embeddedWalletWindow, on ? true : undefined)
    },
    /** The chains the wallet runs smart accounts on, as its frame last said (empty: none). */
    smartAccountNetworks: (): number[] =>
      readStored(storage, STORED_VALUES.smartAccountEnabledNetworks) ?? [],
    setSmartAccountNetworks(chains: readonly number[]): void {
      writeStored(storage, STORED_VALUES.smartAccountEnabledNetworks, chains.length ? [...chains] : undefined)
    },
    /** Sign-out, and a failed or negative connected check (spec §4). */
    clear(): void {
      writeStored(storage, STORED_VALUES.emailLoginUsed, undefined)
      writeStored(storage, STORED_VALUES.connectedEmail, undefined)
      writeStored(storage, STORED_VALUES.socialUsername, undefined)
      writeStored(storage, STORED_VALUES.lastEmailLoginTime, undefined)
      writeStored(storage, STORED_VALUES.embeddedWalletWindow, undefined)
      writeStored(storage, STORED_VALUES.smartAccountEnabledNetworks, undefined)
      lastEmailAt = undefined
    },
  }
}

export type LoginCache = ReturnType<typeof createLoginCache>
