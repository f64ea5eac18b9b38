/**
 * An image URL the kit may show through <img> (never as markup): http(s), or a data URL of an
 * image type, base64 or not (EIP-6963 icons are often `data:image/svg+xml,<percent-encoded>`).
 * An SVG inside <img> runs no script and loads nothing.
 */
export function isImageUrl(src: string): boolean {
  return /^(data:image\/(png|svg\+xml|webp|jpeg|gif|avif)[;,]|https?:\/\/)/i.test(src)
}
