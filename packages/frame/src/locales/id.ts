import type { Catalog } from '../i18n.js'

/** Indonesian: the frame's screens, written for Latch. */
export const messages: Catalog = {
  'notice.title': 'Login Latch',
  'notice.notFramed': 'Halaman ini hanya berjalan di dalam aplikasi yang membukanya.',
  'notice.insecure': 'Jendela login memerlukan koneksi aman (https).',
  'notice.notAllowed': 'Aplikasi ini tidak diizinkan memakai login ini.',
  'password.setupTitle': 'Atur kata sandi pemulihan',
  'password.recoverTitle': 'Masukkan kata sandi pemulihan Anda',
  'password.setupHelp':
    'Dompet Anda dibagi menjadi beberapa bagian. Kata sandi ini melindungi bagian yang memungkinkan Anda masuk di perangkat baru. Kata sandi ini tidak pernah keluar dari jendela ini dan tidak bisa diatur ulang: tanpanya, perangkat baru tidak bisa membuka dompet Anda. Minimal {min} karakter.',
  'password.recoverHelp':
    'Ini perangkat baru: kata sandi yang Anda atur saat membuat dompet akan membukanya di sini.',
  'password.label': 'Kata sandi pemulihan',
  'password.repeat': 'Ulangi kata sandi',
  'password.create': 'Buat dompet',
  'password.recover': 'Pulihkan dompet',
  'password.creating': 'Membuat…',
  'password.opening': 'Membuka…',
  'password.tooShort': 'Kata sandi memerlukan minimal {min} karakter',
  'password.mismatch': 'Kata sandi tidak cocok',
  'password.wrong': 'Kata sandi pemulihan salah',
  'recovery.mismatch': 'Dompet yang dipulihkan tidak cocok dengan akun ini',
  'error.generic': 'Terjadi kesalahan: silakan coba lagi',
}
