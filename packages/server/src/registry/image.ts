import { createHash } from 'node:crypto'
import { brandLogo } from './logos.js'
import type { ImageKind, StoredImage } from './types.js'

// FNV-1a: tiny, stable across platforms, and spreads short slugs well enough for a hue.
function hash32(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h
}

/**
 * Up to two letters or digits that stand for a name: the first character of its first two
 * words, or its first two characters when it is one word.
 */
export function initialsOf(name: string): string {
  const words = name
    // "MetaMask" reads as two words, like "Meta Mask".
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .split(/[^\p{L}\p{N}]+/u)
    .map((w) => w.replace(/[^A-Za-z0-9]/g, ''))
    .filter((w) => w.length > 0)
  const [first, second] = words
  if (first === undefined) return '?'
  const letters = second === undefined ? first.slice(0, 2) : `${first[0]}${second[0]}`
  return letters.toUpperCase()
}

/** A hue and lightness derived from an id, so every wallet keeps the same colour everywhere. */
export function colourOf(id: string): string {
  const h = hash32(id)
  return `hsl(${h % 360} 55% ${34 + ((h >>> 9) % 14)}%)`
}

/**
 * A square SVG with the initials of `label` on a colour derived from `id`. The initials are
 * restricted to ASCII letters and digits, so nothing from the label can inject markup.
 */
export function renderInitialsSvg(id: string, label: string): string {
  const initials = initialsOf(label)
  const size = initials.length > 1 ? 38 : 46
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">',
    `<rect width="96" height="96" rx="24" fill="${colourOf(id)}"/>`,
    `<text x="48" y="50" dominant-baseline="middle" text-anchor="middle" font-family="system-ui,sans-serif" font-size="${size}" font-weight="600" fill="#fff">${initials}</text>`,
    '</svg>',
  ].join('')
}

/**
 * Build the stored form of an image, with a content hash for ETag revalidation: the brand's logo
 * when @web3icons/core has it, else the initials tile.
 */
export function generatedImage(kind: ImageKind, id: string, label: string): StoredImage {
  return storedImage(kind, id, brandLogo(kind, id) ?? renderInitialsSvg(id, label))
}

/** The stored form of an SVG, with a content hash for ETag revalidation. */
export function storedImage(kind: ImageKind, id: string, body: string): StoredImage {
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`
  return { kind, id, contentType: 'image/svg+xml', body, etag }
}
