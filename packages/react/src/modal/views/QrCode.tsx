'use client'
import { useEffect, useState } from 'react'

/**
 * The QR code of `value`, drawn as one SVG path from the encoder's module matrix (nothing from
 * outside becomes markup). The encoder loads on first use, so apps that never show a QR code
 * never download it.
 */
export function QrCode({ value, label }: { value: string; label: string }) {
  const [matrix, setMatrix] = useState<{ value: string; rows: boolean[][] } | undefined>()
  useEffect(() => {
    let live = true
    void import('./qrEncode.js')
      .then(({ encodeQr }) => encodeQr(value))
      .then((rows) => {
        if (live) setMatrix({ value, rows })
      })
      .catch(() => {})
    return () => {
      live = false
    }
  }, [value])
  const rows = matrix?.value === value ? matrix.rows : undefined
  if (!rows) return <div className="latch-qr latch-skeleton" aria-hidden="true" />
  const size = rows.length + 8
  let path = ''
  rows.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x + 4} ${y + 4}h1v1h-1z`
    })
  })
  return (
    <svg
      className="latch-qr"
      role="img"
      aria-label={label}
      data-testid="latch-wc-qr"
      data-modules={rows.length}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  )
}
