/**
 * The notifications feature's public surface (decision 063): telling the member
 * a reply waits (header link, tab title, toasts, the reply-mail setting) and the
 * coach that member messages wait (tab title, browser notifications).
 */
export { ReplyWatcher } from './components/reply-watcher';
export { UnreadRepliesLink } from './components/unread-replies-link';
export { ReplyMailSettingsCard } from './components/reply-mail-settings-card';
export { CoachNotifier } from './components/coach-notifier';
