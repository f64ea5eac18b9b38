import type { Catalog } from '../i18n.js'

/** Hebrew: the frame's screens, written for Latch. */
export const messages: Catalog = {
  'notice.title': 'התחברות ל-Latch',
  'notice.notFramed': 'הדף הזה פועל רק בתוך האפליקציה שפתחה אותו.',
  'notice.insecure': 'חלון ההתחברות צריך חיבור מאובטח (https).',
  'notice.notAllowed': 'לאפליקציה הזו אין הרשאה להשתמש בהתחברות הזו.',
  'password.setupTitle': 'הגדרת סיסמת שחזור',
  'password.recoverTitle': 'הזינו את סיסמת השחזור',
  'password.setupHelp':
    'הארנק שלכם מחולק לחלקים. הסיסמה הזו מגינה על החלק שמאפשר להתחבר ממכשיר חדש. היא אף פעם לא יוצאת מהחלון הזה ואי אפשר לאפס אותה: בלעדיה מכשיר חדש לא יוכל לפתוח את הארנק. לפחות {min} תווים.',
  'password.recoverHelp': 'זה מכשיר חדש: הסיסמה שהגדרתם כשיצרתם את הארנק פותחת אותו כאן.',
  'password.label': 'סיסמת שחזור',
  'password.repeat': 'הקלידו שוב את הסיסמה',
  'password.create': 'יצירת ארנק',
  'password.recover': 'שחזור ארנק',
  'password.creating': 'יוצר…',
  'password.opening': 'פותח…',
  'password.tooShort': 'הסיסמה צריכה לפחות {min} תווים',
  'password.mismatch': 'הסיסמאות אינן תואמות',
  'password.wrong': 'סיסמת השחזור שגויה',
  'recovery.mismatch': 'הארנק ששוחזר אינו תואם לחשבון הזה',
  'error.generic': 'משהו השתבש: נסו שוב',
}
