import type { Catalog } from '../i18n.js'

/** Spanish: the frame's screens, written for Latch. */
export const messages: Catalog = {
  'notice.title': 'Inicio de sesión de Latch',
  'notice.notFramed': 'Esta página solo funciona dentro de la app que la abrió.',
  'notice.insecure': 'La ventana de inicio de sesión necesita una conexión segura (https).',
  'notice.notAllowed': 'Esta app no tiene permiso para usar este inicio de sesión.',
  'password.setupTitle': 'Crea una contraseña de recuperación',
  'password.recoverTitle': 'Introduce tu contraseña de recuperación',
  'password.setupHelp':
    'Tu billetera está dividida en partes. Esta contraseña protege la parte que te permite iniciar sesión en un dispositivo nuevo. Nunca sale de esta ventana y no se puede restablecer: sin ella, un dispositivo nuevo no puede abrir tu billetera. Al menos {min} caracteres.',
  'password.recoverHelp':
    'Este es un dispositivo nuevo: la contraseña que creaste al crear tu billetera la abre aquí.',
  'password.label': 'Contraseña de recuperación',
  'password.repeat': 'Repite la contraseña',
  'password.create': 'Crear billetera',
  'password.recover': 'Recuperar billetera',
  'password.creating': 'Creando…',
  'password.opening': 'Abriendo…',
  'password.tooShort': 'La contraseña necesita al menos {min} caracteres',
  'password.mismatch': 'Las contraseñas no coinciden',
  'password.wrong': 'La contraseña de recuperación no es correcta',
  'recovery.mismatch': 'La billetera recuperada no corresponde a esta cuenta',
  'error.generic': 'Algo salió mal: inténtalo de nuevo',
}
