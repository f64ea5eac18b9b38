import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  createCookieStorage,
  createLocalStorage,
  createMemoryStorage,
  readStored,
  STORAGE_KEYS,
  STORED_VALUES,
  writeStored,
} from './storage.js'

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('given the browser-stored keys (spec §3)', () => {
  it('then every key is namespaced and distinct, with one connector and one last-network key per namespace', () => {
    const keys = [
      STORAGE_KEYS.lastUsedNetwork('eip155'),
      STORAGE_KEYS.lastUsedNetwork('solana'),
      STORAGE_KEYS.activeNamespace,
      STORAGE_KEYS.recentWallet,
      STORAGE_KEYS.connectorId('eip155'),
      STORAGE_KEYS.connectorId('solana'),
    ]
    expect(new Set(keys).size).toBe(keys.length)
    expect(keys.every((key) => key.startsWith('@latch/'))).toBe(true)
  })

  it('when a stored value is corrupt, then it is dropped with a warning rather than thrown', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const storage = createMemoryStorage({
      [STORAGE_KEYS.lastUsedNetwork('eip155')]: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      [STORAGE_KEYS.activeNamespace]: '<script>',
      [STORAGE_KEYS.connectorId('eip155')]: 'io.metamask" onerror="x',
    })
    expect(readStored(storage, STORED_VALUES.lastUsedNetwork('eip155'))).toBeUndefined()
    expect(readStored(storage, STORED_VALUES.activeNamespace)).toBeUndefined()
    expect(readStored(storage, STORED_VALUES.connectorId('eip155'))).toBeUndefined()
    expect(warn).toHaveBeenCalledTimes(3)
    // Dropped: the next read finds nothing and warns no more.
    expect(storage.getItem(STORAGE_KEYS.connectorId('eip155'))).toBeNull()
    warn.mockRestore()
  })

  it('when valid values are written, then they read back typed, and undefined removes them', () => {
    const storage = createMemoryStorage()
    writeStored(storage, STORED_VALUES.lastUsedNetwork('eip155'), 'eip155:8453')
    writeStored(storage, STORED_VALUES.connectorId('eip155'), 'io.metamask')
    expect(readStored(storage, STORED_VALUES.lastUsedNetwork('eip155'))).toBe('eip155:8453')
    expect(readStored(storage, STORED_VALUES.connectorId('eip155'))).toBe('io.metamask')
    writeStored(storage, STORED_VALUES.lastUsedNetwork('eip155'), undefined)
    expect(storage.getItem(STORAGE_KEYS.lastUsedNetwork('eip155'))).toBeNull()
  })

  it('when the storage itself throws, then reads give undefined and writes are dropped', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied')
      },
      setItem: () => {
        throw new Error('quota')
      },
      removeItem: () => {
        throw new Error('denied')
      },
    }
    expect(readStored(broken, STORED_VALUES.recentWallet)).toBeUndefined()
    expect(() => writeStored(broken, STORED_VALUES.recentWallet, 'io.metamask')).not.toThrow()
  })
})

describe('given memory storage', () => {
  it('then two instances never share values', () => {
    const a = createMemoryStorage()
    const b = createMemoryStorage()
    a.setItem('k', 'v')
    expect(a.getItem('k')).toBe('v')
    expect(b.getItem('k')).toBeNull()
    a.removeItem('k')
    expect(a.getItem('k')).toBeNull()
  })
})

describe('given local storage', () => {
  it('when localStorage is missing (SSR), then it reads as empty and writes do nothing', () => {
    vi.stubGlobal('localStorage', undefined)
    const storage = createLocalStorage()
    expect(() => storage.setItem('k', 'v')).not.toThrow()
    expect(storage.getItem('k')).toBeNull()
  })

  it('when localStorage throws (private mode), then nothing is thrown', () => {
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('SecurityError')
      },
      setItem: () => {
        throw new Error('QuotaExceededError')
      },
      removeItem: () => {
        throw new Error('SecurityError')
      },
    })
    const storage = createLocalStorage()
    expect(storage.getItem('k')).toBeNull()
    expect(() => storage.setItem('k', 'v')).not.toThrow()
    expect(() => storage.removeItem('k')).not.toThrow()
  })

  it('when localStorage works, then values round-trip through it', () => {
    const backing = createMemoryStorage()
    vi.stubGlobal('localStorage', backing)
    const storage = createLocalStorage()
    storage.setItem('k', 'v')
    expect(backing.getItem('k')).toBe('v')
    expect(storage.getItem('k')).toBe('v')
  })
})

describe('given cookie storage', () => {
  it("when rendering on the server, then it reads the request's Cookie header", () => {
    const header = `theme=dark; ${encodeURIComponent(STORAGE_KEYS.activeNamespace)}=eip155; broken=%E0%A4%A`
    const storage = createCookieStorage({ cookie: header })
    expect(storage.getItem(STORAGE_KEYS.activeNamespace)).toBe('eip155')
    expect(storage.getItem('broken')).toBeNull()
    storage.setItem('k', 'v')
    expect(storage.getItem('k')).toBe('v')
  })

  it('when in the browser, then it reads and writes document.cookie', () => {
    let jar = ''
    vi.stubGlobal('document', {
      get cookie() {
        return jar
      },
      set cookie(value: string) {
        const [pair = ''] = value.split(';')
        const [key] = pair.split('=')
        const rest = jar.split('; ').filter((entry) => entry !== '' && !entry.startsWith(`${key}=`))
        if (!value.includes('max-age=0')) rest.push(pair)
        jar = rest.join('; ')
      },
    })
    const storage = createCookieStorage()
    storage.setItem(STORAGE_KEYS.recentWallet, 'io.metamask')
    expect(jar).toContain(`${encodeURIComponent(STORAGE_KEYS.recentWallet)}=io.metamask`)
    expect(storage.getItem(STORAGE_KEYS.recentWallet)).toBe('io.metamask')
    storage.removeItem(STORAGE_KEYS.recentWallet)
    expect(storage.getItem(STORAGE_KEYS.recentWallet)).toBeNull()
  })
})
