import type { Catalog } from '../i18n.js'

/** Spanish: the frame's screens, written for Latch. */
export const messages: Catalog = {
  'notice.title': 'Inicio de sesión de Latch',
  'notice.notFramed': 'Esta página solo funciona dentro de la app que la abrió.',
  'notice.insecure': 'La ventana de inicio de sesión necesita una conexión segura (https).',
  'notice.notAllowed': 'Esta app no tiene permiso para usar este inicio de sesión.',
  'notice.noOpener': 'Esta ventana solo funciona cuando una app la abre.',
  'notice.noStorage':
    'Este navegador no le da almacenamiento a la billetera aquí (el almacenamiento de terceros está bloqueado), así que no se pudo mantener el inicio de sesión. Continúa en la ventana propia de la billetera, o permite los datos de sitios de terceros para esta app en la configuración del navegador y recarga la página.',
  'window.wallet':
    'Tu billetera para {origin} funciona en esta ventana, donde este navegador guarda la sesión. Mantén la ventana abierta mientras usas la app; al cerrarla, la app se desconecta y la sesión queda guardada aquí para la próxima vez.',
  'password.setupTitle': 'Crea una contraseña de recuperación',
  'password.recoverTitle': 'Introduce tu contraseña de recuperación',
  'password.setupHelp':
    'Tu billetera está dividida en partes. Esta contraseña protege la parte que te permite iniciar sesión en un dispositivo nuevo. Nunca sale de esta ventana y no se puede restablecer: sin ella, un dispositivo nuevo no puede abrir tu billetera. Al menos {min} caracteres.',
  'password.recoverHelp':
    'Este es un dispositivo nuevo: la contraseña que creaste al crear tu billetera la abre aquí.',
  'password.backupTitle': '¿Definir también una contraseña de recuperación?',
  'password.backupHelp':
    'Para un dispositivo sin esta llave de acceso: esta contraseña abre tu billetera allí. Nunca sale de esta ventana y no se puede restablecer. Al menos {min} caracteres.',
  'password.skip': 'Omitir: solo la llave de acceso',
  'password.label': 'Contraseña de recuperación',
  'password.repeat': 'Repite la contraseña',
  'password.create': 'Crear billetera',
  'password.recover': 'Recuperar billetera',
  'password.creating': 'Creando…',
  'password.opening': 'Abriendo…',
  'password.tooShort': 'La contraseña necesita al menos {min} caracteres',
  'password.mismatch': 'Las contraseñas no coinciden',
  'password.weak':
    'Esta contraseña es demasiado fácil de adivinar. Usa una más larga: cuatro o más palabras sin relación funcionan bien.',
  'passkey.setupTitle': 'Protege tu billetera con una llave de acceso',
  'passkey.setupHelp':
    'Tu billetera está dividida en partes. Una llave de acceso en este dispositivo (o sincronizada con tus otros dispositivos) protege la parte que te permite iniciar sesión en un dispositivo nuevo. Nada de lo que la abre sale de esta ventana.',
  'passkey.create': 'Crear una llave de acceso',
  'passkey.usePassword': 'Usar una contraseña de recuperación en su lugar',
  'passkey.recoverTitle': 'Usa tu llave de acceso',
  'passkey.recoverHelp':
    'Este es un dispositivo nuevo: la llave de acceso que creaste con tu billetera la abre aquí.',
  'passkey.use': 'Usar llave de acceso',
  'passkey.waiting': 'Esperando la llave de acceso…',
  'passkey.cancelled':
    'No se usó la llave de acceso. Inténtalo de nuevo o elige la contraseña de recuperación.',
  'passkey.noPrf':
    'Esta llave de acceso no puede proteger una billetera (no admite PRF). Elige la contraseña de recuperación.',
  'passkey.lostTitle': 'Este dispositivo no puede abrir tu billetera sin su llave de acceso',
  'passkey.lostHelp':
    'No se usó la llave de acceso, así que este dispositivo no puede abrir tu billetera: la parte que la abre en un dispositivo nuevo está bloqueada con la llave de acceso que creaste con ella, y nadie más puede desbloquearla, ni la app ni su servidor. Inicia sesión en un dispositivo que tenga esa llave de acceso: aquel en el que creaste la billetera, uno con el que se sincronizan tus llaves de acceso, o tu llave de seguridad. Si cancelaste por error, inténtalo de nuevo.',
  'passkey.lostHelpPassword':
    'No se usó la llave de acceso aquí. También definiste una contraseña de recuperación para esta billetera: la abre en este dispositivo. O inicia sesión en un dispositivo que tenga la llave de acceso, o inténtalo de nuevo.',
  'passkey.tryAgain': 'Probar de nuevo la llave de acceso',
  'passkey.helpLink': '¿Dónde están mis llaves de acceso? (se abre en una pestaña nueva)',
  'passkey.wrong':
    'Esta llave de acceso no abre esta billetera. Usa la llave de acceso que creaste con ella.',
  'password.wrong': 'La contraseña de recuperación no es correcta',
  'recovery.mismatch': 'La billetera recuperada no corresponde a esta cuenta',
  'error.generic': 'Algo salió mal: inténtalo de nuevo',
  'approve.title.message': 'Firmar un mensaje',
  'approve.title.typedData': 'Firmar datos tipados',
  'approve.title.transaction': 'Enviar una transacción',
  'approve.title.solanaTransaction': 'Enviar una transacción de Solana',
  'approve.title.solanaSign': 'Firmar una transacción de Solana (la envía el sitio)',
  'approve.feePayer': 'Comisión de red pagada por',
  'approve.title.userOperation': 'Enviar desde tu cuenta inteligente',
  'approve.fromSmartAccount': 'Cuenta inteligente',
  'approve.callNumber': 'Llamada {index} de {count}',
  'approve.paidByApp': 'La aplicación (patrocinado)',
  'approve.createsAccount': 'Crea tu cuenta inteligente en esta red (su primer uso)',
  'approve.program': 'Programa llamado',
  'approve.lookupTables':
    'Esta transacción también usa {count} cuentas de tablas de búsqueda de direcciones; no se muestran aquí.',
  'approve.origin': 'Solicitado por',
  'approve.originHelp': 'Este es el sitio que integra esta billetera, según lo indica tu navegador.',
  'approve.dappClaim': 'El sitio dice llamarse «{name}» (no verificado)',
  'approve.message': 'Mensaje',
  'approve.messageHex': 'Mensaje (no es texto, se muestra en hex)',
  'approve.domain': 'Dominio',
  'approve.contract': 'Contrato',
  'approve.domainChain': 'Cadena del dominio',
  'approve.primaryType': 'Tipo',
  'approve.chainMismatch':
    'Atención: esta firma es para la cadena {domain}, pero la billetera está en la cadena {current}.',
  'approve.permit': 'Permiso para gastar tokens ({kind})',
  'approve.riskUnlimited':
    'Riesgo alto: esto permite a {spender} tomar todo este token que tenga, ahora y después, sin volver a preguntar.',
  'approve.riskAllItems':
    'Riesgo alto: esto permite a {operator} tomar cada artículo de esta colección que tenga, ahora y después, sin volver a preguntar.',
  'approve.riskUnknownPermit':
    'Riesgo alto: parece un permiso sobre sus activos, de un tipo que esta billetera no sabe resumir. Revise cada campo de abajo.',
  'approve.unknownCall':
    'Esta billetera no puede descifrar esta llamada (función desconocida {selector}). Apruebe solo si confía en el sitio: los datos sin procesar están abajo.',
  'approve.irregularCall':
    'Los argumentos de esta llamada no siguen la codificación estándar, así que un contrato podría leerlos de otra forma. Los datos sin procesar están abajo.',
  'approve.trailing': 'La llamada lleva {count} bytes extra después de sus argumentos (mostrados abajo).',
  'approve.trailingBytes': 'Bytes extra',
  'approve.rawData': 'Datos sin procesar (exactamente lo que se firma)',
  'approve.rawAmount': '{amount} (unidades mínimas: no se pudieron leer los decimales del token)',
  'approve.nativeOf': '{amount} (moneda nativa de la cadena {chain})',
  'approve.fields': 'Todo lo que se firma',
  'approve.seaportListing': 'Oferta de venta (Seaport): los artículos que entrega, por los pagos de abajo',
  'approve.seaportOffer': 'Oferta de compra (Seaport): el pago que entrega, por los artículos de abajo',
  'approve.youGive': 'Usted entrega',
  'approve.inReturn': 'Pagado a cambio (a)',
  'approve.hiddenCharacters':
    'Este texto contiene caracteres invisibles o que cambian la dirección, mostrados aquí como ⟨U+…⟩: puede no leerse como se firma.',
  'approve.foreignSignIn':
    'Este mensaje de inicio de sesión es para {domain}, no para el sitio que lo pide ({origin}).',
  'approve.spender': 'Autorizado',
  'approve.token': 'Token',
  'approve.amount': 'Cantidad',
  'approve.unlimited': 'Ilimitado',
  'approve.deadline': 'Válido hasta',
  'approve.noDeadline': 'Sin fecha límite',
  'approve.to': 'Destinatario',
  'approve.contractCreation': 'Contrato nuevo',
  'approve.value': 'Valor',
  'approve.selector': 'Llamada',
  'approve.chain': 'Cadena',
  'approve.nonce': 'Nonce',
  'approve.gas': 'Límite de gas',
  'approve.networkFee': 'Comisión de red',
  'approve.atMost': '≤ {amount}',
  'approve.withFiat': '{amount} (≤ {fiat})',
  'approve.cannotPay':
    'Tu saldo ({balance}) no alcanza para esta transacción: necesita hasta {needed}, el importe más la comisión de red máxima. La red la rechazaría, así que no se puede aprobar. Añade fondos a esta cuenta y vuelve a solicitarla.',
  'approve.from': 'Cuenta',
  'approve.approve': 'Aprobar',
  'approve.reject': 'Rechazar',
  'approve.working': 'Firmando…',
  'approve.unreachable': 'No se puede conectar con el servidor de la billetera',
  'approve.unreachableHelp':
    'No se ha firmado ni enviado nada. Comprueba tu conexión y pulsa Reintentar, o Cerrar para cancelar la solicitud.',
  'approve.retry': 'Reintentar',
  'approve.close': 'Cerrar',
  'approve.openWindow': 'Revisar en la ventana de la billetera',
  'approve.windowHelp':
    'Este navegador no puede indicar a la billetera si la página cubre esta pantalla, así que decides en la propia ventana de la billetera en {origin}.',
  'approve.windowWaiting': 'Aprueba o rechaza en la ventana de la billetera.',
  'approve.windowTitle': 'Billetera Latch',
  'approve.windowDone': 'Listo. Puedes cerrar esta ventana.',
  'approve.windowGone': 'Esta solicitud ya no está esperando. Puedes cerrar esta ventana.',
  'export.title': 'Exportar tu billetera',
  'export.help':
    'Tu frase de recuperación y tus claves privadas se muestran en una ventana aparte de {origin}, tras un código que enviamos a {email}. Quien las vea controla tu billetera.',
  'export.open': 'Abrir la ventana de exportación',
  'export.cancel': 'Cancelar',
  'export.blocked':
    'La ventana no se abrió: permite las ventanas emergentes para este sitio y vuelve a intentarlo.',
  'guard.hint':
    'Por tu seguridad, los botones de aquí funcionan cuando esta pantalla lleva un momento a la vista.',
  'guard.wait': 'Disponible en un momento, por tu seguridad',
  'window.title': 'Exportar tu billetera',
  'window.notTopLevel': 'Esta página solo funciona en su propia ventana.',
  'window.noLogin':
    'No se entregó ninguna billetera a esta ventana: solo funciona cuando la abre la billetera de la app. En la app, inicia sesión, abre tu cuenta, elige «Exportar billetera» y luego «Abrir la ventana de exportación».',
  'window.intro':
    'Sesión iniciada como {email}. Enviamos un código a este correo; tu frase de recuperación y tus claves privadas se muestran aquí cuando lo introduzcas. También te avisamos por correo cuando se mostraron.',
  'window.sendCode': 'Enviar el código',
  'window.sending': 'Enviando…',
  'window.codeSent': 'Enviamos un código a {email}.',
  'window.codeLabel': 'Código del correo',
  'window.codeFormat': 'El código tiene 6 dígitos',
  'window.reveal': 'Mostrar frase de recuperación y claves',
  'window.revealing': 'Abriendo…',
  'window.warning':
    'Quien vea esto controla tu billetera. Anota la frase sin conexión; nunca la escribas en un sitio web ni la compartas.',
  'window.phrase': 'Frase de recuperación',
  'window.evmKey': 'Clave privada de Ethereum ({address})',
  'window.solanaKey': 'Clave privada de Solana ({address})',
  'window.close': 'Ocultar y cerrar',
  'window.closed': 'Oculto. Puedes cerrar esta ventana.',
  'recoveryNotice.recoveredTitle': 'Tu billetera se abrió en un dispositivo nuevo',
  'recoveryNotice.recoveredText':
    'Un dispositivo nuevo recuperó tu billetera con tu correo. Si no fuiste tú, alguien puede leer tu correo: protege tu buzón y contacta con la app.',
  'recoveryNotice.pendingTitle': 'Un dispositivo nuevo pidió abrir tu billetera',
  'recoveryNotice.pendingText':
    'Podrá abrir tu billetera después de {until}. Si no fuiste tú, pulsa «No fui yo» para detenerlo.',
  'recoveryNotice.cancelledTitle': 'Se detuvo un dispositivo nuevo',
  'recoveryNotice.cancelledText':
    'Un dispositivo nuevo pidió abrir tu billetera y se detuvo con «No fui yo». No puede abrir tu billetera.',
  'recoveryNotice.time': 'Hora',
  'recoveryNotice.browser': 'Navegador',
  'recoveryNotice.ip': 'Dirección IP',
  'recoveryNotice.stop': 'No fui yo',
  'recoveryNotice.dismiss': 'Descartar',
  'recoveryNotice.close': 'Cerrar',
  'recoveryNotice.tooLate': 'Esta recuperación ya terminó o se detuvo.',
  'recoveryWait.pendingTitle': 'Tu billetera se abrirá aquí más tarde',
  'recoveryWait.pendingText':
    'Por tu seguridad, este dispositivo nuevo podrá abrir tu billetera después de {until}. Avisamos al titular por correo y en sus otros dispositivos. Vuelve entonces e inicia sesión de nuevo.',
  'recoveryWait.cancelledTitle': 'Este dispositivo se detuvo',
  'recoveryWait.cancelledText':
    'El titular de esta billetera pulsó «No fui yo»: este dispositivo no puede abrirla.',
}
