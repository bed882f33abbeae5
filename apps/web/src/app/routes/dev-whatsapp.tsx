import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Smartphone } from 'lucide-react';
import { Logo } from '@/components/layouts/logo';
import { PageTitle } from '@/components/layouts/page-title';
import { mainContentProps } from '@/components/layouts/skip-link';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Phone, PhoneIdentityForm, phoneDigits, useLocalPhones, type PhoneIdentity } from '@/features/dev-whatsapp';
import { ApiError } from '@/lib/api';
import { localStore } from '@/lib/browser-storage';
import { STORAGE_KEYS } from '@/lib/storage-keys';

/** A documented fictional UK number (Ofcom's drama range), so nobody real is ever written to. */
const DEFAULT_IDENTITY: PhoneIdentity = { phone: '447700900123', profileName: 'Alex Morgan' };

function rememberedIdentity(): PhoneIdentity {
  try {
    const stored = JSON.parse(localStore.get(STORAGE_KEYS.devWhatsAppPhone) ?? 'null') as Partial<PhoneIdentity> | null;
    const phone = stored?.phone ? phoneDigits(stored.phone) : null;
    if (phone && stored?.profileName) return { phone, profileName: stored.profileName };
  } catch {
    // Not JSON: start from the default phone.
  }
  return DEFAULT_IDENTITY;
}

/**
 * The WhatsApp phone of local mode (docs/product.md#running-locally): write to
 * the business number as a member would on WhatsApp, through the server's real
 * webhook endpoint, and see the coach's replies arrive. `?text=` opens it with
 * a chat link's message in the box (the connect screen's link in local mode).
 * Its API exists in local mode only and answers this machine only; elsewhere
 * the page says it is not available.
 */
export default function DevWhatsAppPage() {
  const [searchParams] = useSearchParams();
  const [identity, setIdentity] = useState(rememberedIdentity);
  const phones = useLocalPhones();
  const unavailable = phones.error instanceof ApiError && phones.error.status === 404;

  const choose = (next: PhoneIdentity) => {
    localStore.set(STORAGE_KEYS.devWhatsAppPhone, JSON.stringify(next));
    setIdentity(next);
  };

  return (
    <div className="bg-muted/30 min-h-dvh">
      <PageTitle>WhatsApp phone</PageTitle>
      <header className="bg-background border-b">
        <div className="mx-auto flex h-16 max-w-5xl items-center px-4 sm:px-6">
          <Logo />
        </div>
      </header>
      <main {...mainContentProps} className="mx-auto grid max-w-5xl gap-6 px-4 py-8 sm:px-6">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">WhatsApp phone</h1>
          <p className="text-muted-foreground mt-1 max-w-2xl">
            Write to the coach as a member would on WhatsApp. Messages reach the server through its real webhook, signed
            as WhatsApp signs them; the coach’s replies appear here, and this phone sends their ticks.
          </p>
        </div>
        {unavailable ? (
          <Alert>
            <Smartphone aria-hidden="true" />
            <AlertTitle>The phone is not available here</AlertTitle>
            <AlertDescription>
              It exists only when Calm Space runs in local mode without WhatsApp settings, on this machine. With the
              WhatsApp Cloud API configured, use a real phone.
            </AlertDescription>
          </Alert>
        ) : phones.isPending ? (
          <Skeleton className="h-96 w-full rounded-xl" />
        ) : (
          <div className="grid items-start gap-6 md:grid-cols-[18rem_1fr]">
            <Card>
              <CardHeader>
                <CardTitle>This phone</CardTitle>
              </CardHeader>
              <CardContent>
                <PhoneIdentityForm key={identity.phone} identity={identity} onChange={choose} />
              </CardContent>
            </Card>
            <Phone key={identity.phone} identity={identity} initialText={searchParams.get('text') ?? ''} />
          </div>
        )}
      </main>
    </div>
  );
}
