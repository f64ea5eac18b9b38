import type { Catalog } from '../i18n.js'

/** Hindi: the frame's screens, written for Latch. */
export const messages: Catalog = {
  'notice.title': 'Latch लॉगिन',
  'notice.notFramed': 'यह पेज केवल उसी ऐप के अंदर चलता है जिसने इसे खोला है।',
  'notice.insecure': 'लॉगिन फ़्रेम को सुरक्षित कनेक्शन (https) चाहिए।',
  'notice.notAllowed': 'इस ऐप को यह लॉगिन इस्तेमाल करने की अनुमति नहीं है।',
  'password.setupTitle': 'रिकवरी पासवर्ड सेट करें',
  'password.recoverTitle': 'अपना रिकवरी पासवर्ड डालें',
  'password.setupHelp':
    'आपका वॉलेट कई हिस्सों में बँटा है। यह पासवर्ड उस हिस्से की रक्षा करता है जिससे आप नए डिवाइस पर साइन इन करते हैं। यह कभी इस विंडो से बाहर नहीं जाता और इसे रीसेट नहीं किया जा सकता: इसके बिना नया डिवाइस आपका वॉलेट नहीं खोल सकता। कम से कम {min} अक्षर।',
  'password.recoverHelp': 'यह एक नया डिवाइस है: वॉलेट बनाते समय सेट किया गया पासवर्ड इसे यहाँ खोलता है।',
  'password.label': 'रिकवरी पासवर्ड',
  'password.repeat': 'पासवर्ड दोबारा लिखें',
  'password.create': 'वॉलेट बनाएँ',
  'password.recover': 'वॉलेट रिकवर करें',
  'password.creating': 'बनाया जा रहा है…',
  'password.opening': 'खोला जा रहा है…',
  'password.tooShort': 'पासवर्ड में कम से कम {min} अक्षर होने चाहिए',
  'password.mismatch': 'पासवर्ड मेल नहीं खाते',
  'password.wrong': 'रिकवरी पासवर्ड सही नहीं है',
  'recovery.mismatch': 'रिकवर किया गया वॉलेट इस खाते से मेल नहीं खाता',
  'error.generic': 'कुछ गलत हो गया: कृपया फिर से कोशिश करें',
}
