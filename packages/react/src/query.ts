// `@latch/react/query`: hooks over core's query options. An entry of its own because it brings
// @tanstack/query-core, which an app that only renders the kit's buttons never needs.
export { useQuery } from './hooks/useQuery.js'
