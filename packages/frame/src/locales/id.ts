import type { Catalog } from '../i18n.js'

/** Indonesian: the frame's screens, written for Latch. */
export const messages: Catalog = {
  'notice.title': 'Login Latch',
  'notice.notFramed': 'Halaman ini hanya berjalan di dalam aplikasi yang membukanya.',
  'notice.insecure': 'Jendela login memerlukan koneksi aman (https).',
  'notice.notAllowed': 'Aplikasi ini tidak diizinkan memakai login ini.',
  'notice.noOpener': 'Jendela ini hanya berfungsi jika dibuka oleh aplikasi.',
  'notice.noStorage':
    'Browser ini tidak memberi dompet penyimpanan di sini (penyimpanan pihak ketiga diblokir), jadi login tidak dapat disimpan. Lanjutkan di jendela dompet sendiri, atau izinkan data situs pihak ketiga untuk aplikasi ini di pengaturan browser lalu muat ulang halaman.',
  'window.wallet':
    'Dompet Anda untuk {origin} berjalan di jendela ini, tempat browser ini menyimpan login. Biarkan jendela tetap terbuka selama Anda memakai aplikasi; menutupnya akan memutus koneksi aplikasi, dan login tetap tersimpan di sini untuk lain kali.',
  'password.setupTitle': 'Atur kata sandi pemulihan',
  'password.recoverTitle': 'Masukkan kata sandi pemulihan Anda',
  'password.setupHelp':
    'Dompet Anda dibagi menjadi beberapa bagian. Kata sandi ini melindungi bagian yang memungkinkan Anda masuk di perangkat baru. Kata sandi ini tidak pernah keluar dari jendela ini dan tidak bisa diatur ulang: tanpanya, perangkat baru tidak bisa membuka dompet Anda. Minimal {min} karakter.',
  'password.recoverHelp':
    'Ini perangkat baru: kata sandi yang Anda atur saat membuat dompet akan membukanya di sini.',
  'password.backupTitle': 'Setel juga kata sandi pemulihan?',
  'password.backupHelp':
    'Untuk perangkat tanpa passkey ini: kata sandi ini membuka dompet Anda di sana. Kata sandi tidak pernah meninggalkan jendela ini dan tidak dapat diatur ulang. Minimal {min} karakter.',
  'password.skip': 'Lewati: hanya passkey',
  'password.label': 'Kata sandi pemulihan',
  'password.repeat': 'Ulangi kata sandi',
  'password.create': 'Buat dompet',
  'password.recover': 'Pulihkan dompet',
  'password.creating': 'Membuat…',
  'password.opening': 'Membuka…',
  'password.tooShort': 'Kata sandi memerlukan minimal {min} karakter',
  'password.mismatch': 'Kata sandi tidak cocok',
  'password.weak':
    'Kata sandi ini terlalu mudah ditebak. Gunakan yang lebih panjang: empat kata atau lebih yang tidak berhubungan cocok.',
  'passkey.setupTitle': 'Lindungi dompet Anda dengan kunci sandi',
  'passkey.setupHelp':
    'Dompet Anda dibagi menjadi beberapa bagian. Kunci sandi di perangkat ini (atau yang disinkronkan dengan perangkat Anda yang lain) melindungi bagian yang memungkinkan Anda masuk di perangkat baru. Tidak ada apa pun yang membukanya yang keluar dari jendela ini.',
  'passkey.create': 'Buat kunci sandi',
  'passkey.usePassword': 'Gunakan kata sandi pemulihan sebagai gantinya',
  'passkey.recoverTitle': 'Gunakan kunci sandi Anda',
  'passkey.recoverHelp':
    'Ini perangkat baru: kunci sandi yang Anda buat bersama dompet akan membukanya di sini.',
  'passkey.use': 'Gunakan kunci sandi',
  'passkey.waiting': 'Menunggu kunci sandi…',
  'passkey.cancelled': 'Kunci sandi tidak digunakan. Coba lagi, atau pilih kata sandi pemulihan.',
  'passkey.noPrf':
    'Kunci sandi ini tidak dapat melindungi dompet (tidak mendukung PRF). Pilih kata sandi pemulihan.',
  'passkey.lostTitle': 'Perangkat ini tidak dapat membuka dompet Anda tanpa passkey-nya',
  'passkey.lostHelp':
    'Passkey tidak digunakan, jadi perangkat ini tidak dapat membuka dompet Anda: bagian yang membukanya di perangkat baru dikunci dengan passkey yang Anda buat bersamanya, dan tidak ada pihak lain yang dapat membukanya, baik aplikasi maupun servernya. Masuklah di perangkat yang memiliki passkey ini: perangkat tempat Anda membuat dompet, perangkat yang menyinkronkan passkey Anda, atau kunci keamanan Anda. Jika Anda membatalkan tanpa sengaja, coba lagi.',
  'passkey.lostHelpPassword':
    'Passkey tidak digunakan di sini. Anda juga menyetel kata sandi pemulihan untuk dompet ini: kata sandi itu membuka dompet di perangkat ini. Atau masuk di perangkat yang memiliki passkey, atau coba lagi.',
  'passkey.tryAgain': 'Coba passkey lagi',
  'passkey.helpLink': 'Di mana passkey saya? (membuka tab baru)',
  'passkey.wrong': 'Kunci sandi ini tidak membuka dompet ini. Gunakan kunci sandi yang Anda buat bersamanya.',
  'password.wrong': 'Kata sandi pemulihan salah',
  'recovery.mismatch': 'Dompet yang dipulihkan tidak cocok dengan akun ini',
  'error.generic': 'Terjadi kesalahan: silakan coba lagi',
  'approve.title.message': 'Tanda tangani pesan',
  'approve.title.typedData': 'Tanda tangani data bertipe',
  'approve.title.transaction': 'Kirim transaksi',
  'approve.title.solanaTransaction': 'Kirim transaksi Solana',
  'approve.title.solanaSign': 'Tanda tangani transaksi Solana (situs yang mengirimnya)',
  'approve.feePayer': 'Biaya jaringan dibayar oleh',
  'approve.program': 'Program yang dipanggil',
  'approve.lookupTables':
    'Transaksi ini juga memakai {count} akun dari tabel pencarian alamat; akun itu tidak ditampilkan di sini.',
  'approve.origin': 'Diminta oleh',
  'approve.originHelp': 'Ini adalah situs yang menyematkan dompet ini, seperti yang dilaporkan browser Anda.',
  'approve.dappClaim': 'Situs menyebut dirinya “{name}” (tidak terverifikasi)',
  'approve.message': 'Pesan',
  'approve.messageHex': 'Pesan (bukan teks, ditampilkan sebagai hex)',
  'approve.domain': 'Domain',
  'approve.contract': 'Kontrak',
  'approve.domainChain': 'Jaringan domain',
  'approve.primaryType': 'Tipe',
  'approve.chainMismatch':
    'Peringatan: tanda tangan ini untuk jaringan {domain}, tetapi dompet berada di jaringan {current}.',
  'approve.permit': 'Izin membelanjakan token ({kind})',
  'approve.riskUnlimited':
    'Risiko tinggi: ini mengizinkan {spender} mengambil semua token ini yang Anda miliki, sekarang dan nanti, tanpa bertanya lagi.',
  'approve.riskAllItems':
    'Risiko tinggi: ini mengizinkan {operator} mengambil setiap item koleksi ini yang Anda miliki, sekarang dan nanti, tanpa bertanya lagi.',
  'approve.riskUnknownPermit':
    'Risiko tinggi: ini tampak seperti izin atas aset Anda, dari jenis yang tidak dapat diringkas dompet ini. Periksa setiap kolom di bawah.',
  'approve.unknownCall':
    'Dompet ini tidak dapat membaca panggilan ini (fungsi tidak dikenal {selector}). Setujui hanya jika Anda memercayai situs ini: data mentah ada di bawah.',
  'approve.irregularCall':
    'Argumen panggilan ini tidak memakai pengodean standar, sehingga kontrak dapat membacanya secara berbeda. Data mentah ada di bawah.',
  'approve.trailing':
    'Panggilan ini membawa {count} byte tambahan setelah argumennya (ditampilkan di bawah).',
  'approve.trailingBytes': 'Byte tambahan',
  'approve.rawData': 'Data mentah (persis yang ditandatangani)',
  'approve.rawAmount': '{amount} (satuan mentah: desimal token tidak dapat dibaca)',
  'approve.nativeOf': '{amount} (mata uang asli jaringan {chain})',
  'approve.fields': 'Semua yang ditandatangani',
  'approve.seaportListing': 'Daftar jual (Seaport): item yang Anda berikan, untuk pembayaran di bawah',
  'approve.seaportOffer': 'Penawaran (Seaport): pembayaran yang Anda berikan, untuk item di bawah',
  'approve.youGive': 'Anda memberikan',
  'approve.inReturn': 'Dibayar sebagai gantinya (kepada)',
  'approve.hiddenCharacters':
    'Teks ini berisi karakter tak terlihat atau pengubah arah, ditampilkan di sini sebagai ⟨U+…⟩: teks mungkin tidak terbaca seperti yang ditandatangani.',
  'approve.foreignSignIn': 'Pesan masuk ini untuk {domain}, bukan untuk situs yang meminta ({origin}).',
  'approve.spender': 'Pembelanja',
  'approve.token': 'Token',
  'approve.amount': 'Jumlah',
  'approve.unlimited': 'Tak terbatas',
  'approve.deadline': 'Berlaku hingga',
  'approve.noDeadline': 'Tanpa batas waktu',
  'approve.to': 'Penerima',
  'approve.contractCreation': 'Kontrak baru',
  'approve.value': 'Nilai',
  'approve.selector': 'Panggilan',
  'approve.chain': 'Jaringan',
  'approve.nonce': 'Nonce',
  'approve.gas': 'Batas gas',
  'approve.networkFee': 'Biaya jaringan',
  'approve.atMost': '≤ {amount}',
  'approve.withFiat': '{amount} (≤ {fiat})',
  'approve.cannotPay':
    'Saldo Anda ({balance}) tidak cukup untuk transaksi ini: dibutuhkan hingga {needed}, yaitu nilainya ditambah biaya jaringan maksimum. Jaringan akan menolaknya, jadi transaksi ini tidak dapat disetujui. Tambahkan dana ke akun ini, lalu minta lagi.',
  'approve.from': 'Akun',
  'approve.approve': 'Setujui',
  'approve.reject': 'Tolak',
  'approve.working': 'Menandatangani…',
  'approve.unreachable': 'Server dompet tidak dapat dijangkau',
  'approve.unreachableHelp':
    'Tidak ada yang ditandatangani atau dikirim. Periksa koneksi Anda lalu tekan Coba lagi, atau Tutup untuk membatalkan permintaan.',
  'approve.retry': 'Coba lagi',
  'approve.close': 'Tutup',
  'approve.openWindow': 'Tinjau di jendela dompet',
  'approve.windowHelp':
    'Browser ini tidak dapat menunjukkan kepada dompet apakah halaman menutupi layar ini, jadi Anda memutuskan di jendela dompet sendiri di {origin}.',
  'approve.windowWaiting': 'Setujui atau tolak di jendela dompet.',
  'approve.windowTitle': 'Dompet Latch',
  'approve.windowDone': 'Selesai. Anda dapat menutup jendela ini.',
  'approve.windowGone': 'Permintaan ini tidak lagi menunggu. Anda dapat menutup jendela ini.',
  'export.title': 'Ekspor dompet Anda',
  'export.help':
    'Frasa pemulihan dan kunci pribadi Anda ditampilkan di jendela terpisah dari {origin}, setelah kode yang kami kirim ke {email}. Siapa pun yang melihatnya menguasai dompet Anda.',
  'export.open': 'Buka jendela ekspor',
  'export.cancel': 'Batal',
  'export.blocked': 'Jendela tidak terbuka: izinkan pop-up untuk situs ini lalu coba lagi.',
  'guard.hint': 'Demi keamanan Anda, tombol di sini berfungsi setelah layar ini terlihat sejenak.',
  'guard.wait': 'Tersedia sebentar lagi, demi keamanan Anda',
  'window.title': 'Ekspor dompet Anda',
  'window.notTopLevel': 'Halaman ini hanya berfungsi di jendelanya sendiri.',
  'window.noLogin':
    'Tidak ada dompet yang diserahkan ke jendela ini: jendela ini hanya berfungsi jika dibuka oleh dompet di aplikasi. Di aplikasi, masuk, buka akun Anda, pilih “Ekspor dompet”, lalu “Buka jendela ekspor”.',
  'window.intro':
    'Masuk sebagai {email}. Kami mengirim kode ke email ini; frasa pemulihan dan kunci pribadi Anda ditampilkan di sini setelah Anda memasukkannya. Kami juga memberi tahu lewat email kapan semuanya ditampilkan.',
  'window.sendCode': 'Kirim kode',
  'window.sending': 'Mengirim…',
  'window.codeSent': 'Kami mengirim kode ke {email}.',
  'window.codeLabel': 'Kode dari email',
  'window.codeFormat': 'Kode terdiri dari 6 digit',
  'window.reveal': 'Tampilkan frasa pemulihan dan kunci',
  'window.revealing': 'Membuka…',
  'window.warning':
    'Siapa pun yang melihat ini menguasai dompet Anda. Tulis frasa secara offline; jangan pernah mengetiknya di situs web atau membagikannya.',
  'window.phrase': 'Frasa pemulihan',
  'window.evmKey': 'Kunci pribadi Ethereum ({address})',
  'window.solanaKey': 'Kunci pribadi Solana ({address})',
  'window.close': 'Sembunyikan dan tutup',
  'window.closed': 'Disembunyikan. Anda dapat menutup jendela ini.',
  'recoveryNotice.recoveredTitle': 'Dompet Anda dibuka di perangkat baru',
  'recoveryNotice.recoveredText':
    'Perangkat baru memulihkan dompet Anda dengan email Anda. Jika itu bukan Anda, seseorang dapat membaca email Anda: amankan kotak surat Anda dan hubungi aplikasinya.',
  'recoveryNotice.pendingTitle': 'Perangkat baru meminta membuka dompet Anda',
  'recoveryNotice.pendingText':
    'Perangkat itu dapat membuka dompet Anda setelah {until}. Jika itu bukan Anda, tekan “Itu bukan saya” untuk menghentikannya.',
  'recoveryNotice.cancelledTitle': 'Perangkat baru dihentikan',
  'recoveryNotice.cancelledText':
    'Perangkat baru meminta membuka dompet Anda dan dihentikan dengan “Itu bukan saya”. Perangkat itu tidak dapat membukanya.',
  'recoveryNotice.time': 'Waktu',
  'recoveryNotice.browser': 'Peramban',
  'recoveryNotice.ip': 'Alamat IP',
  'recoveryNotice.stop': 'Itu bukan saya',
  'recoveryNotice.dismiss': 'Abaikan',
  'recoveryNotice.close': 'Tutup',
  'recoveryNotice.tooLate': 'Pemulihan ini sudah selesai atau dihentikan.',
  'recoveryWait.pendingTitle': 'Dompet Anda terbuka di sini nanti',
  'recoveryWait.pendingText':
    'Demi keamanan Anda, perangkat baru ini dapat membuka dompet Anda setelah {until}. Kami memberi tahu pemiliknya lewat email dan di perangkat lainnya. Kembalilah saat itu dan masuk lagi.',
  'recoveryWait.cancelledTitle': 'Perangkat ini dihentikan',
  'recoveryWait.cancelledText':
    'Pemilik dompet ini menekan “Itu bukan saya”: perangkat ini tidak dapat membukanya.',
}
