/** The dev-mailbox feature's public surface: mail the local server "sent". */
export { mailboxQueryOptions, useMailbox } from './api/get-mailbox';
export { MailCard } from './components/mail-card';
