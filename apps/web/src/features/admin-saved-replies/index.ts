/** Saved replies (decision 062): the team's library of reply snippets, and the `/` picker of the admin's message box. */
export { SavedRepliesScreen } from './components/saved-replies-screen';
export { SavedReplyComposer } from './components/saved-reply-composer';
