/** The dev-mailbox feature's public surface: mail the local server "sent". */
export { useMailbox } from './api/get-mailbox';
export { MailCard } from './components/mail-card';
