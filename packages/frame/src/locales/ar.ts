import type { Catalog } from '../i18n.js'

/** Arabic: the frame's screens, written for Latch. */
export const messages: Catalog = {
  'notice.title': 'تسجيل الدخول عبر Latch',
  'notice.notFramed': 'تعمل هذه الصفحة فقط داخل التطبيق الذي فتحها.',
  'notice.insecure': 'تحتاج نافذة تسجيل الدخول إلى اتصال آمن (https).',
  'notice.notAllowed': 'لا يُسمح لهذا التطبيق باستخدام تسجيل الدخول هذا.',
  'password.setupTitle': 'عيّن كلمة مرور للاسترداد',
  'password.recoverTitle': 'أدخل كلمة مرور الاسترداد',
  'password.setupHelp':
    'محفظتك مقسّمة إلى أجزاء. تحمي كلمة المرور هذه الجزء الذي يتيح لك تسجيل الدخول على جهاز جديد. لا تغادر هذه النافذة أبدًا ولا يمكن إعادة تعيينها: من دونها لا يستطيع جهاز جديد فتح محفظتك. {min} أحرف على الأقل.',
  'password.recoverHelp': 'هذا جهاز جديد: كلمة المرور التي عيّنتها عند إنشاء محفظتك تفتحها هنا.',
  'password.label': 'كلمة مرور الاسترداد',
  'password.repeat': 'أعد كتابة كلمة المرور',
  'password.create': 'إنشاء المحفظة',
  'password.recover': 'استرداد المحفظة',
  'password.creating': 'جارٍ الإنشاء…',
  'password.opening': 'جارٍ الفتح…',
  'password.tooShort': 'تحتاج كلمة المرور إلى {min} أحرف على الأقل',
  'password.mismatch': 'كلمتا المرور غير متطابقتين',
  'password.wrong': 'كلمة مرور الاسترداد غير صحيحة',
  'recovery.mismatch': 'المحفظة المستردة لا تطابق هذا الحساب',
  'error.generic': 'حدث خطأ ما: يُرجى المحاولة مرة أخرى',
}
