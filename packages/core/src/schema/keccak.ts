// Keccak-256 (the pre-FIPS padding Ethereum uses), needed only for EIP-55 checksums. Lanes are
// BigInt: a few hundred microseconds per address is fine for validation and keeps this short.

const MASK = (1n << 64n) - 1n
const ROUNDS = 24
const RATE_BYTES = 136

const rotationOffsets: number[] = []
const piLane: number[] = []
const roundConstants: bigint[] = []
{
  let x = 1
  let y = 0
  for (let t = 0; t < 24; t++) {
    rotationOffsets.push((((t + 1) * (t + 2)) / 2) % 64)
    piLane.push(x + 5 * y)
    ;[x, y] = [y, (2 * x + 3 * y) % 5]
  }
  // Round constants from the degree-8 LFSR of the Keccak reference.
  let r = 1
  for (let round = 0; round < ROUNDS; round++) {
    let constant = 0n
    for (let j = 0; j < 7; j++) {
      if (r & 1) constant |= 1n << BigInt((1 << j) - 1)
      r = r & 0x80 ? ((r << 1) ^ 0x71) & 0xff : (r << 1) & 0xff
    }
    roundConstants.push(constant)
  }
}

function rotl(value: bigint, shift: number): bigint {
  const n = BigInt(shift % 64)
  return n === 0n ? value : ((value << n) | (value >> (64n - n))) & MASK
}

function permute(state: bigint[]): void {
  const c = new Array<bigint>(5)
  for (let round = 0; round < ROUNDS; round++) {
    for (let x = 0; x < 5; x++)
      c[x] = state[x]! ^ state[x + 5]! ^ state[x + 10]! ^ state[x + 15]! ^ state[x + 20]!
    for (let x = 0; x < 5; x++) {
      const d = c[(x + 4) % 5]! ^ rotl(c[(x + 1) % 5]!, 1)
      for (let y = 0; y < 25; y += 5) state[x + y] = state[x + y]! ^ d
    }
    // Rho and pi: walk the 24 lanes along the pi cycle starting from lane (1, 0).
    let carried = state[1]!
    for (let t = 0; t < 24; t++) {
      const target = piLane[(t + 1) % 24] ?? 0
      const next = state[target]!
      state[target] = rotl(carried, rotationOffsets[t]!)
      carried = next
    }
    for (let y = 0; y < 25; y += 5) {
      const row = state.slice(y, y + 5)
      for (let x = 0; x < 5; x++) state[y + x] = row[x]! ^ (~row[(x + 1) % 5]! & MASK & row[(x + 2) % 5]!)
    }
    state[0] = state[0]! ^ roundConstants[round]!
  }
}

/** Keccak-256 of `input`, as 32 bytes. */
export function keccak256(input: Uint8Array): Uint8Array {
  const state = new Array<bigint>(25).fill(0n)
  const padded = new Uint8Array(Math.floor(input.length / RATE_BYTES + 1) * RATE_BYTES)
  padded.set(input)
  padded[input.length] = (padded[input.length] ?? 0) ^ 0x01
  padded[padded.length - 1] = (padded[padded.length - 1] ?? 0) ^ 0x80
  for (let offset = 0; offset < padded.length; offset += RATE_BYTES) {
    for (let lane = 0; lane < RATE_BYTES / 8; lane++) {
      let value = 0n
      for (let byte = 7; byte >= 0; byte--)
        value = (value << 8n) | BigInt(padded[offset + lane * 8 + byte] ?? 0)
      state[lane] = state[lane]! ^ value
    }
    permute(state)
  }
  const out = new Uint8Array(32)
  for (let i = 0; i < 32; i++) out[i] = Number((state[i >> 3]! >> BigInt((i & 7) * 8)) & 0xffn)
  return out
}
