import { format } from 'date-fns';
import { enGB } from 'date-fns/locale/en-GB';
import { RelativeTime } from '@/components/relative-time';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { LocalMail } from '../api/get-mailbox';

/** One mail: who it went to, when, its links (clickable) and its text. */
export function MailCard({ mail }: { mail: LocalMail }) {
  const sent = new Date(mail.createdAt);
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle as="h2" className="text-base">
          {mail.subject}
        </CardTitle>
        <CardDescription className="flex flex-wrap gap-x-4 gap-y-1">
          <span>To: {mail.to}</span>
          <span>
            {format(sent, 'HH:mm:ss', { locale: enGB })} (<RelativeTime value={mail.createdAt} />)
          </span>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {mail.links.length > 0 && (
          <ul className="grid gap-1">
            {mail.links.map((link) => (
              <li key={link}>
                <a href={link} className="text-primary text-sm font-medium break-all underline underline-offset-4">
                  {link}
                </a>
              </li>
            ))}
          </ul>
        )}
        <pre className="bg-muted/60 overflow-x-auto rounded-md p-3 font-sans text-sm leading-relaxed whitespace-pre-wrap [overflow-wrap:anywhere]">
          {mail.text}
        </pre>
      </CardContent>
    </Card>
  );
}
