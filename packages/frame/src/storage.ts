import { newDeviceKeys } from './vault/index.js'

/**
 * The frame's storage, in its own origin's IndexedDB, per project: the device key (ECDSA P-256,
 * private half non-extractable), the wrapping key of the device share (AES-GCM, non-extractable),
 * the encrypted device share, and the session token. CryptoKey objects are stored as such: their
 * raw bytes are never readable by script, though the browser keeps them on disk.
 */
export interface DeviceRecord {
  deviceKey: CryptoKeyPair
  wrapKey: CryptoKey
  /** The session's token, and the email it belongs to. */
  token?: string
  email?: string
  /**
   * The social login the session came from, and the name the visitor goes by there (spec §3: the
   * browser-stored social username); gone with the session's token.
   */
  social?: { provider: string; username?: string }
  /** The key of the signed-in account in `accounts` (see accounts.ts). */
  current?: string
  /** What this device holds of each account that signed in on it, by user id and device id. */
  accounts?: Record<string, AccountRecord>
}

export interface AccountRecord {
  deviceId?: string
  /** The account's login email as last seen here: the device id is offered at its next login. */
  email?: string
  /** The device share, AES-GCM under `wrapKey`. */
  deviceShare?: { iv: Uint8Array; data: Uint8Array }
  eip155Address?: string
  solanaAddress?: string
  /** The email the shares are bound to (the account's first email), once the login email changed. */
  shareContext?: string
  /** The social provider this account last signed in with here: its device id is offered again. */
  provider?: string
  /** Which of the account's EVM accounts answers the page (SET_PREFERRED_ACCOUNT); none set: the EOA. */
  preferredAccountType?: 'eoa' | 'smartAccount'
}

class StorageUnavailableError extends Error {
  override name = 'StorageUnavailableError' as const
  constructor(cause?: unknown) {
    super(
      'This browser gives the login frame no storage here (third-party storage is blocked), so a login could not be kept. Allow storage for this site or open the login in its own window.',
      { cause },
    )
  }
}

const dbName = 'latch-frame'
const storeName = 'devices'

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result)
    req.onerror = () => reject(req.error)
  })
}

export interface DeviceStore {
  load(): Promise<DeviceRecord>
  save(record: DeviceRecord): Promise<void>
}

/** Opens the store of one project; {@link StorageUnavailableError} when there is no IndexedDB. */
export async function openDeviceStore(projectId: string): Promise<DeviceStore> {
  let db: IDBDatabase
  try {
    const open = indexedDB.open(dbName, 1)
    open.onupgradeneeded = () => open.result.createObjectStore(storeName)
    db = await request(open)
  } catch (error) {
    throw new StorageUnavailableError(error)
  }
  const tx = (mode: IDBTransactionMode) => db.transaction(storeName, mode).objectStore(storeName)
  const save = async (record: DeviceRecord) => {
    await request(tx('readwrite').put(record, projectId))
  }
  return {
    save,
    async load() {
      const existing = (await request(tx('readonly').get(projectId))) as DeviceRecord | undefined
      if (existing !== undefined) return existing
      const record: DeviceRecord = await newDeviceKeys()
      await save(record)
      return record
    },
  }
}
