/**
 * The QR code of `text` as rows of dark (true) and light modules, quiet zone excluded. The
 * encoder is loaded on first use only, so apps that never show a QR code never download it.
 */
export async function encodeQr(text: string): Promise<boolean[][]> {
  const { encode } = await import('uqr')
  return encode(text, { ecc: 'M', border: 0 }).data
}
