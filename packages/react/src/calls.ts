// `@latch/react/calls`: the EIP-5792 batch hooks. An entry of their own: they bring core's batch
// actions with the wallet-error mapping and @tanstack/query-core for the status, which an app
// that never sends a batch should not load with its buttons.
export { useCallsStatus } from './hooks/useCallsStatus.js'
export { useCapabilities } from './hooks/useCapabilities.js'
export { useSendCalls } from './hooks/useSendCalls.js'
export { useShowCallsStatus } from './hooks/useShowCallsStatus.js'
