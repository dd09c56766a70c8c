/** E-mail: each client's SMTP connection (sealed) and sending through it. */
export { createMailService, MailSendError, MAIL_CONNECT_FAILED, type MailService, type EmailConnection, type Message } from './mail.service.ts';
export { EmailConnectionBody, EmailConnectionOut, type EmailConnectionInput, type EmailConnectionView } from './mail.schemas.ts';
