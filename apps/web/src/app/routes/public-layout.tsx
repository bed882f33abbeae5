import { Outlet } from 'react-router';
import { PublicFrame } from '@/app/public-frame';

/** The marketing and legal pages inside the SPA (a member who follows a link to /pricing, say). */
export default function PublicLayout() {
  return (
    <PublicFrame>
      <Outlet />
    </PublicFrame>
  );
}
