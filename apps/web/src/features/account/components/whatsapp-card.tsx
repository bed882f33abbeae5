import { useState } from 'react';
import { MessageCircle, Unlink } from 'lucide-react';
import { toast } from 'sonner';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { serverMessageOr } from '@/lib/api';
import { contactLabel } from '@/lib/whatsapp/contact-label';
import { useMemberWhatsApp, useUnlinkWhatsApp } from '@/lib/whatsapp/member-whatsapp';

/**
 * "WhatsApp" on the profile (decision 056): the WhatsApp linked to this
 * account, whose messages reach the coach in the same conversation as the web
 * chat, and the way to unlink it; or how it gets linked.
 */
export function WhatsAppCard() {
  const whatsapp = useMemberWhatsApp();
  const unlink = useUnlinkWhatsApp();
  const [confirming, setConfirming] = useState(false);
  const [unlinking, setUnlinking] = useState(false);
  const contact = whatsapp.data?.contact ?? null;

  const confirmUnlink = async () => {
    setUnlinking(true);
    try {
      await unlink();
      toast.success('WhatsApp unlinked', {
        description: 'New messages from that WhatsApp no longer reach your conversation.',
      });
    } catch (error) {
      toast.error('Error', { description: serverMessageOr(error, 'Failed to unlink WhatsApp. Please try again.') });
    } finally {
      setUnlinking(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MessageCircle aria-hidden="true" className="text-primary size-5" />
          WhatsApp
        </CardTitle>
        <CardDescription>
          Your WhatsApp chats with your coach and this web chat are one conversation, kept together here.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {whatsapp.isPending ? (
          <Skeleton className="h-10 w-full max-w-sm" aria-label="Loading your WhatsApp" />
        ) : whatsapp.isError ? (
          <p className="text-muted-foreground text-sm">
            Your WhatsApp details aren&apos;t available just now. Please refresh the page to try again.
          </p>
        ) : contact ? (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between sm:gap-6">
            <div className="grid gap-1">
              <h3 className="text-sm font-medium">Linked WhatsApp</h3>
              <p className="text-sm [overflow-wrap:anywhere]">{contactLabel(contact)}</p>
            </div>
            <Button variant="outline" busy={unlinking} onClick={() => setConfirming(true)} className="w-full sm:w-fit">
              <Unlink aria-hidden="true" />
              Unlink
            </Button>
            <AlertDialog open={confirming} onOpenChange={setConfirming}>
              <AlertDialogContent>
                <AlertDialogHeader>
                  <AlertDialogTitle>Unlink this WhatsApp?</AlertDialogTitle>
                  <AlertDialogDescription>
                    Messages you already sent stay in your conversation. New messages from {contactLabel(contact)} will
                    no longer reach it, until you send the greeting from one of your chat links again.
                  </AlertDialogDescription>
                </AlertDialogHeader>
                <AlertDialogFooter>
                  <AlertDialogCancel>Keep it linked</AlertDialogCancel>
                  <AlertDialogAction
                    className={buttonVariants({ variant: 'destructive' })}
                    onClick={() => void confirmUnlink()}
                  >
                    Unlink
                  </AlertDialogAction>
                </AlertDialogFooter>
              </AlertDialogContent>
            </AlertDialog>
          </div>
        ) : (
          <p className="text-muted-foreground text-sm">
            No WhatsApp is linked yet. Send us the greeting from a chat link and your WhatsApp is linked to this
            account, so your coach sees all your messages in one place.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
