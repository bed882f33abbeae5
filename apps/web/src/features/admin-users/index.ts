/** The admin Users screen's public surface (`['admin', 'users', …]`). */
export { UsersScreen } from './components/users-screen';
