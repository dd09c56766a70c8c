/** E-mail: each client's SMTP connection (sealed) and sending through it. */
export { createMailService, type MailService, type EmailConnection, type Message } from './mail.service.ts';
