import { useEffect, useMemo, type ReactNode } from 'react';
import { useAuth } from '@/features/auth';
import { DEMO_USER_ID, leaveDemo } from '@/lib/demo/demo-session';
import { lazyDemoMemberApi } from '@/lib/demo/lazy-demo-member-api';
import { useDemoSession } from '@/lib/demo/use-demo-mode';
import { MemberContext, type Member } from '@/lib/member-api/member-api';
import { serverMemberApi } from '@/lib/member-api/server-member-api';

/**
 * Chooses whose data the member screens show, once for the whole app: the
 * signed-in member through the server, or a demo visitor through browser
 * storage. Features read it with `useMember()` and never branch on the demo.
 */
export function MemberProvider({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const demoSession = useDemoSession();
  const signedInUserId = auth.user?.id;

  // A real session wins over a demo left behind in this browser.
  useEffect(() => {
    if (signedInUserId && demoSession) leaveDemo();
  }, [signedInUserId, demoSession]);

  const member = useMemo((): Member | null => {
    if (signedInUserId) return { userId: signedInUserId, demo: false, api: serverMemberApi };
    if (demoSession) return { userId: DEMO_USER_ID, demo: true, api: lazyDemoMemberApi };
    return null;
  }, [signedInUserId, demoSession]);

  return <MemberContext.Provider value={member}>{children}</MemberContext.Provider>;
}
