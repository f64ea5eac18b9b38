/** Zeroes every array given (the vault's secrets, once used). */
export function wipe(...arrays: (Uint8Array | undefined)[]): void {
  for (const array of arrays) array?.fill(0)
}
