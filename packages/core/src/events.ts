import type { CaipNetworkId, ChainNamespace, RouteEntry, View } from './types.js'

/** Payload of each event the kit emits. Events stay in the page: nothing is sent anywhere. */
export interface LatchEventMap {
  MODAL_OPEN: { view: View }
  MODAL_CLOSE: { connected: boolean }
  CONNECT_SUCCESS: { namespace: ChainNamespace; connectorId: string; address: string }
  CONNECT_ERROR: { namespace: ChainNamespace; connectorId: string; message: string }
  DISCONNECT_SUCCESS: { namespaces: readonly ChainNamespace[] }
  DISCONNECT_ERROR: { message: string }
  SWITCH_NETWORK: { namespace: ChainNamespace; caipNetworkId: CaipNetworkId }
  SIGN_MESSAGE_SUCCESS: { namespace: ChainNamespace }
  SIGN_MESSAGE_ERROR: { namespace: ChainNamespace; message: string }
  SEND_TRANSACTION_SUCCESS: { namespace: ChainNamespace; hash: string }
  SEND_TRANSACTION_ERROR: { namespace: ChainNamespace; message: string }
  SIWX_AUTH_SUCCESS: { namespace: ChainNamespace; address: string }
  SIWX_AUTH_ERROR: { namespace: ChainNamespace; message: string }
  SIWX_AUTH_CANCEL: { namespace: ChainNamespace }
  ALERT: { id: string; message: string }
  /** A short message for the visitor outside any view (a disallowed embedded-wallet request). */
  /** A message the modal shows above the page, even closed (spec §8). */
  TOAST: { id: 'ACTION_NOT_ALLOWED' | 'SIWX_INIT_FAILED' | 'WALLET_WINDOW_CLOSED'; message: string }
  /** A session connector needs the modal to show a view (code entry, an approval…). */
  SESSION_VIEW_REQUEST: { connectorId: string } & RouteEntry
}

export type LatchEventName = keyof LatchEventMap

/** One event as a subscriber of every event receives it. */
export type LatchEvent = {
  [K in LatchEventName]: { type: K; data: LatchEventMap[K]; timestamp: number }
}[LatchEventName]

type AnyEvent<Events> = { [K in keyof Events]: { type: K; data: Events[K]; timestamp: number } }[keyof Events]

export interface Emitter<Events extends object> {
  /** Listens to one event; returns the unsubscribe function. */
  on<K extends keyof Events>(type: K, listener: (data: Events[K]) => void): () => void
  off<K extends keyof Events>(type: K, listener: (data: Events[K]) => void): void
  /** Listens to every event. */
  subscribe(listener: (event: AnyEvent<Events>) => void): () => void
  emit<K extends keyof Events>(type: K, data: Events[K]): void
}

export interface CreateEmitterParameters {
  /** Receives errors thrown by listeners (default: logged with console.error). */
  onListenerError?: ((error: unknown) => void) | undefined
  now?: (() => number) | undefined
}

/**
 * A typed event emitter owned by one instance. A throwing listener never stops the others nor
 * the action that emitted.
 */
export function createEmitter<Events extends object>(
  parameters: CreateEmitterParameters = {},
): Emitter<Events> {
  const listeners = new Map<keyof Events, Set<(data: never) => void>>()
  const everyEvent = new Set<(event: AnyEvent<Events>) => void>()
  const report = parameters.onListenerError ?? ((error: unknown) => console.error(error))
  const now = parameters.now ?? Date.now
  const safely = (run: () => void) => {
    try {
      run()
    } catch (error) {
      report(error)
    }
  }
  return {
    on(type, listener) {
      let set = listeners.get(type)
      if (!set) {
        set = new Set()
        listeners.set(type, set)
      }
      set.add(listener as (data: never) => void)
      return () => this.off(type, listener)
    },
    off(type, listener) {
      listeners.get(type)?.delete(listener as (data: never) => void)
    },
    subscribe(listener) {
      everyEvent.add(listener)
      return () => everyEvent.delete(listener)
    },
    emit(type, data) {
      for (const listener of [...(listeners.get(type) ?? [])]) {
        safely(() => (listener as (data: Events[typeof type]) => void)(data))
      }
      const event = { type, data, timestamp: now() } as AnyEvent<Events>
      for (const listener of [...everyEvent]) safely(() => listener(event))
    },
  }
}
