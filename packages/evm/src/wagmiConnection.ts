/**
 * The adapter runs on wagmi 2 and wagmi 3. The one part of `@wagmi/core` it uses whose name
 * differs between the two is how the current connection is read: wagmi 3 calls it
 * `getConnection` / `watchConnection` and keeps `getAccount` / `watchAccount` as aliases of the
 * same functions (same return type), wagmi 2 has only `getAccount` / `watchAccount`. Reading it
 * through the names both majors export keeps every import static (no namespace lookup a bundler
 * cannot tree-shake, no missing export on either major); the unit tests run once on each major
 * (vitest projects `evm` and `evm-wagmi2`).
 */
export {
  type GetAccountReturnType as GetConnectionReturnType,
  getAccount as getConnection,
  watchAccount as watchConnection,
} from '@wagmi/core'
