import { useState } from 'react';
import { format } from 'date-fns';
import { Download, RefreshCw } from 'lucide-react';
import { toast } from 'sonner';
import { percentOf, type AdminExitSurveyDto } from '@app/shared';
import { AdminPageHeader } from '@/components/layouts/admin-page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Pager } from '@/components/ui/pager';
import { Spinner } from '@/components/ui/spinner';
import { StatCard } from '@/components/ui/stat-card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { serverMessageOr } from '@/lib/api';
import { cn } from '@/lib/cn';
import { downloadExitSurveysCsv, useAdminExitSurveys } from '../api/admin-exit-surveys';

const WILLINGNESS: Record<AdminExitSurveyDto['willingness_to_pay'], { label: string; className: string }> = {
  yes: { label: 'Yes', className: 'border-transparent bg-emerald-100 text-emerald-900' },
  maybe: { label: 'Maybe', className: 'border-transparent bg-amber-100 text-amber-900' },
  no: { label: 'No', className: 'border-transparent bg-slate-200 text-slate-900' },
};
const CHAT_PREFERENCE = { yes: 'Yes', no: 'No' } as const;

/** Exit Intent Surveys (docs/product.md#admin-back-office): the four cards, the answers, Refresh and Export CSV. */
export function ExitSurveysScreen() {
  const [page, setPage] = useState(1);
  const surveys = useAdminExitSurveys(page);
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadExitSurveysCsv();
    } catch (error) {
      toast.error('Export failed', {
        description: serverMessageOr(error, 'Unable to export the surveys. Please try again.'),
      });
    } finally {
      setExporting(false);
    }
  };

  const data = surveys.data;
  const total = data?.total ?? 0;
  const share = (n: number) => `${percentOf(n, total)}% of responses`;

  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <AdminPageHeader
          title="Exit Intent Surveys"
          description="Answers from visitors who were offered the 30-day free trial as they were leaving the site."
        />
        <div className="-mt-4 mb-6 flex gap-2 sm:mt-0 sm:mb-8">
          <Button variant="outline" onClick={() => void surveys.refetch()} busy={surveys.isFetching}>
            <RefreshCw aria-hidden="true" className={cn(surveys.isFetching && 'animate-spin')} />
            Refresh
          </Button>
          <Button onClick={() => void exportCsv()} busy={exporting} disabled={total === 0}>
            {exporting ? <Spinner /> : <Download aria-hidden="true" />}
            Export CSV
          </Button>
        </div>
      </div>

      {surveys.isPending ? (
        <p role="status" className="text-muted-foreground flex items-center gap-2">
          <Spinner /> Loading survey responses...
        </p>
      ) : surveys.isError ? (
        <div role="alert" className="grid justify-items-start gap-3">
          <p className="text-destructive">{serverMessageOr(surveys.error, 'Failed to load survey responses.')}</p>
          <Button variant="outline" onClick={() => void surveys.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
            <StatCard
              label="Total Responses"
              value={total}
              detail={total > 0 ? '100% of responses' : '0% of responses'}
            />
            <StatCard label="Would Pay" value={data!.would_pay} detail={share(data!.would_pay)} />
            <StatCard label="Maybe" value={data!.maybe} detail={share(data!.maybe)} />
            <StatCard label="Not Interested" value={data!.not_interested} detail={share(data!.not_interested)} />
          </div>

          <Card className="mt-6 py-2">
            <CardContent className="px-2 sm:px-4">
              {data!.items.length === 0 ? (
                <p className="text-muted-foreground p-8 text-center">No survey responses yet</p>
              ) : (
                <Table regionLabel="Survey responses">
                  <TableHeader>
                    <TableRow>
                      <TableHead>Date</TableHead>
                      <TableHead>Name</TableHead>
                      <TableHead>Email</TableHead>
                      <TableHead>Willingness</TableHead>
                      <TableHead>Chat Preference</TableHead>
                      <TableHead>Reason</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {data!.items.map((survey) => (
                      <TableRow key={survey.id}>
                        <TableCell className="whitespace-nowrap">
                          <time dateTime={survey.created_at}>
                            {format(new Date(survey.created_at), 'd MMM yyyy, HH:mm')}
                          </time>
                        </TableCell>
                        <TableCell className="max-w-48 break-words">{survey.name}</TableCell>
                        <TableCell className="whitespace-nowrap">{survey.email}</TableCell>
                        <TableCell>
                          <Badge className={WILLINGNESS[survey.willingness_to_pay].className}>
                            {WILLINGNESS[survey.willingness_to_pay].label}
                          </Badge>
                        </TableCell>
                        <TableCell>
                          {survey.chat_preference ? CHAT_PREFERENCE[survey.chat_preference] : 'N/A'}
                        </TableCell>
                        <TableCell className="min-w-56 whitespace-pre-wrap">
                          {survey.reason?.trim() ? (
                            survey.reason
                          ) : (
                            <span className="text-muted-foreground">No reason provided</span>
                          )}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
              <Pager
                className="px-2 pb-2"
                page={data!.page}
                pageSize={data!.page_size}
                total={data!.total}
                onPageChange={setPage}
                label="survey responses"
              />
            </CardContent>
          </Card>
        </>
      )}
    </>
  );
}
