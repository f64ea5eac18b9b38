import type { Catalog } from '../i18n.js'

/** Turkish: the frame's screens, written for Latch. */
export const messages: Catalog = {
  'notice.title': 'Latch girişi',
  'notice.notFramed': 'Bu sayfa yalnızca onu açan uygulamanın içinde çalışır.',
  'notice.insecure': 'Giriş penceresi güvenli bir bağlantı (https) gerektirir.',
  'notice.notAllowed': 'Bu uygulamanın bu girişi kullanma izni yok.',
  'password.setupTitle': 'Bir kurtarma parolası belirleyin',
  'password.recoverTitle': 'Kurtarma parolanızı girin',
  'password.setupHelp':
    'Cüzdanınız parçalara bölünmüştür. Bu parola, yeni bir cihazda oturum açmanızı sağlayan parçayı korur. Bu pencereden asla çıkmaz ve sıfırlanamaz: o olmadan yeni bir cihaz cüzdanınızı açamaz. En az {min} karakter.',
  'password.recoverHelp':
    'Bu yeni bir cihaz: cüzdanınızı oluştururken belirlediğiniz parola onu burada açar.',
  'password.label': 'Kurtarma parolası',
  'password.repeat': 'Parolayı tekrarlayın',
  'password.create': 'Cüzdan oluştur',
  'password.recover': 'Cüzdanı kurtar',
  'password.creating': 'Oluşturuluyor…',
  'password.opening': 'Açılıyor…',
  'password.tooShort': 'Parola en az {min} karakter olmalıdır',
  'password.mismatch': 'Parolalar eşleşmiyor',
  'password.wrong': 'Kurtarma parolası doğru değil',
  'recovery.mismatch': 'Kurtarılan cüzdan bu hesapla eşleşmiyor',
  'error.generic': 'Bir şeyler ters gitti: lütfen tekrar deneyin',
}
