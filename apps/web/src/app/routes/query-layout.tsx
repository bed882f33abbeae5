import { Outlet } from 'react-router';
import { QueryScope } from '@/components/query-scope';

/** The routes whose screens read or send data share the app's query client (decision 037). */
export default function QueryLayout() {
  return (
    <QueryScope>
      <Outlet />
    </QueryScope>
  );
}
