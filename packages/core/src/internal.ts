// Everything the core's rule modules export; the package index re-exports from here.
export * from './constants.js'
export * from './errors/index.js'
export * from './schema/index.js'
export * from './storage.js'
