import type { Catalog } from '../i18n.js'

/** Persian: the frame's screens, written for Latch. */
export const messages: Catalog = {
  'notice.title': 'ورود Latch',
  'notice.notFramed': 'این صفحه فقط درون برنامه‌ای که آن را باز کرده کار می‌کند.',
  'notice.insecure': 'پنجرهٔ ورود به اتصال امن (https) نیاز دارد.',
  'notice.notAllowed': 'این برنامه اجازهٔ استفاده از این ورود را ندارد.',
  'password.setupTitle': 'یک رمز بازیابی تعیین کنید',
  'password.recoverTitle': 'رمز بازیابی خود را وارد کنید',
  'password.setupHelp':
    'کیف پول شما به چند بخش تقسیم شده است. این رمز از بخشی محافظت می‌کند که با آن روی دستگاه جدید وارد می‌شوید. هرگز از این پنجره خارج نمی‌شود و قابل بازنشانی نیست: بدون آن دستگاه جدید نمی‌تواند کیف پول شما را باز کند. دست‌کم {min} نویسه.',
  'password.recoverHelp':
    'این یک دستگاه جدید است: رمزی که هنگام ساخت کیف پول تعیین کردید آن را اینجا باز می‌کند.',
  'password.label': 'رمز بازیابی',
  'password.repeat': 'رمز را دوباره وارد کنید',
  'password.create': 'ساخت کیف پول',
  'password.recover': 'بازیابی کیف پول',
  'password.creating': 'در حال ساخت…',
  'password.opening': 'در حال باز کردن…',
  'password.tooShort': 'رمز باید دست‌کم {min} نویسه داشته باشد',
  'password.mismatch': 'رمزها یکسان نیستند',
  'password.wrong': 'رمز بازیابی درست نیست',
  'recovery.mismatch': 'کیف پول بازیابی‌شده با این حساب مطابقت ندارد',
  'error.generic': 'مشکلی پیش آمد: لطفاً دوباره تلاش کنید',
}
