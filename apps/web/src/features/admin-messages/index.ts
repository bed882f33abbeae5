/** The admin inbox (docs/product.md#messages): every member's conversation with the coaching team, live. */
export { MessagesScreen } from './components/messages-screen';
