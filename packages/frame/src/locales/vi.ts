import type { Catalog } from '../i18n.js'

/** Vietnamese: the frame's screens, written for Latch. */
export const messages: Catalog = {
  'notice.title': 'Đăng nhập Latch',
  'notice.notFramed': 'Trang này chỉ chạy bên trong ứng dụng đã mở nó.',
  'notice.insecure': 'Khung đăng nhập cần kết nối an toàn (https).',
  'notice.notAllowed': 'Ứng dụng này không được phép dùng đăng nhập này.',
  'password.setupTitle': 'Đặt mật khẩu khôi phục',
  'password.recoverTitle': 'Nhập mật khẩu khôi phục của bạn',
  'password.setupHelp':
    'Ví của bạn được chia thành nhiều phần. Mật khẩu này bảo vệ phần cho phép bạn đăng nhập trên thiết bị mới. Nó không bao giờ rời khỏi cửa sổ này và không thể đặt lại: thiếu nó, thiết bị mới không thể mở ví của bạn. Ít nhất {min} ký tự.',
  'password.recoverHelp': 'Đây là thiết bị mới: mật khẩu bạn đặt khi tạo ví sẽ mở ví ở đây.',
  'password.label': 'Mật khẩu khôi phục',
  'password.repeat': 'Nhập lại mật khẩu',
  'password.create': 'Tạo ví',
  'password.recover': 'Khôi phục ví',
  'password.creating': 'Đang tạo…',
  'password.opening': 'Đang mở…',
  'password.tooShort': 'Mật khẩu cần ít nhất {min} ký tự',
  'password.mismatch': 'Mật khẩu không khớp',
  'password.wrong': 'Mật khẩu khôi phục không đúng',
  'recovery.mismatch': 'Ví đã khôi phục không khớp với tài khoản này',
  'error.generic': 'Đã xảy ra lỗi: vui lòng thử lại',
}
