/**
 * A small least-recently-used cache of final answers, bounded in entries and in bytes, in this
 * process's memory. It only saves upstream calls: every instance fills its own, and losing it
 * changes nothing but latency.
 */
export interface AnswerCache {
  get(key: string): unknown
  set(key: string, value: unknown): void
  readonly size: number
  readonly bytes: number
}

export interface AnswerCacheLimits {
  /** Answers kept at most; 0 keeps none. */
  entries: number
  /** Serialized bytes kept at most; one answer above an eighth of it is never kept. */
  bytes: number
  /** How long an answer is reused. Final answers never change; the limit bounds what one key pins. */
  ttlMs: number
}

export function createAnswerCache(limits: AnswerCacheLimits, now: () => number = Date.now): AnswerCache {
  const entries = new Map<string, { value: unknown; size: number; expiresAt: number }>()
  let bytes = 0
  const drop = (key: string) => {
    const entry = entries.get(key)
    if (entry === undefined) return
    entries.delete(key)
    bytes -= entry.size
  }
  return {
    get(key) {
      const entry = entries.get(key)
      if (entry === undefined) return undefined
      if (entry.expiresAt <= now()) {
        drop(key)
        return undefined
      }
      // Map order is insertion order: moving the entry to the end marks it as most recent.
      entries.delete(key)
      entries.set(key, entry)
      return entry.value
    },
    set(key, value) {
      if (limits.entries === 0) return
      const size = key.length + JSON.stringify(value).length
      if (size > limits.bytes / 8) return
      drop(key)
      while (entries.size >= limits.entries || bytes + size > limits.bytes) {
        const oldest = entries.keys().next().value
        if (oldest === undefined) break
        drop(oldest)
      }
      entries.set(key, { value, size, expiresAt: now() + limits.ttlMs })
      bytes += size
    },
    get size() {
      return entries.size
    },
    get bytes() {
      return bytes
    },
  }
}
