// A browser page for React in Node: jsdom's window, document and DOM classes as globals, while
// the typed arrays stay Node's own (vitest's jsdom environment swaps them, and the chain's and
// the wallet's libraries then see a Buffer that is not a Uint8Array).
import { JSDOM } from 'jsdom'

const { window } = new JSDOM('<!doctype html><html><body></body></html>', { url: 'http://localhost/' })
const own = new Set([
  'window',
  'document',
  'navigator',
  'localStorage',
  'Event',
  'CustomEvent',
  'EventTarget',
])
for (const key of Object.getOwnPropertyNames(window)) {
  if (key in globalThis && !own.has(key)) continue
  const value = key === 'window' ? window : (window as unknown as Record<string, unknown>)[key]
  Object.defineProperty(globalThis, key, { value, configurable: true, writable: true })
}
Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true })
