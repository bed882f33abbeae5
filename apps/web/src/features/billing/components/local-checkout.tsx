import { CheckCircle2, Lock } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from '@/lib/app-navigation';
import { formatPounds, localCardSchema, type LocalCardInput, type LocalCheckoutDto } from '@app/shared';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { PERIOD_WORDS } from '@/lib/plan-price';
import { zodResolver } from '@/lib/zod-resolver';
import { useLocalCheckout, usePayLocalCheckout } from '../api/local-checkout';
import { TestModeBanner } from './test-mode-banner';
import { useFocusFirstInvalid } from '@/lib/focus-first-invalid';

function Summary({ checkout }: { checkout: LocalCheckoutDto }) {
  return (
    <dl className="bg-muted/50 grid gap-2 rounded-lg p-4 text-sm">
      <div className="flex justify-between gap-4">
        <dt className="text-muted-foreground">Plan</dt>
        <dd className="font-medium">{checkout.plan_name}</dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt className="text-muted-foreground">Billing</dt>
        <dd className="font-medium">{PERIOD_WORDS[checkout.billing_period].label}</dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt className="text-muted-foreground">Account</dt>
        <dd className="truncate font-medium">{checkout.email}</dd>
      </div>
      <div className="flex justify-between gap-4 border-t pt-2 text-base">
        <dt>Total today</dt>
        <dd className="font-semibold">
          {formatPounds(checkout.amount_pence)} / {checkout.billing_period}
        </dd>
      </div>
    </dl>
  );
}

function CardForm({ checkout }: { checkout: LocalCheckoutDto }) {
  const pay = usePayLocalCheckout(checkout.id);
  const form = useForm<LocalCardInput>({
    resolver: zodResolver(localCardSchema),
    defaultValues: { card_number: '', expiry: '', cvc: '' },
  });
  const formRef = useFocusFirstInvalid(form);
  const { errors } = form.formState;

  const submit = form.handleSubmit((card) =>
    pay.mutateAsync(card).catch((error: unknown) => {
      if (error instanceof ApiError) {
        for (const [field, messages] of Object.entries(error.fieldErrors)) {
          if (field === 'card_number' || field === 'expiry' || field === 'cvc') {
            form.setError(field, { message: messages[0] });
          }
        }
      }
    }),
  );
  const refusal =
    pay.error instanceof ApiError && !Object.keys(pay.error.fieldErrors).length ? pay.error.message : null;

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="grid gap-4">
      {refusal && (
        <Alert variant="destructive" role="alert">
          <AlertTitle>Payment failed</AlertTitle>
          <AlertDescription>{refusal}</AlertDescription>
        </Alert>
      )}
      <FormField label="Card number" error={errors.card_number?.message}>
        {(control) => (
          <Input
            {...control}
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            {...form.register('card_number')}
          />
        )}
      </FormField>
      <div className="grid grid-cols-2 gap-4">
        <FormField label="Expiry" error={errors.expiry?.message}>
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM / YY"
              {...form.register('expiry')}
            />
          )}
        </FormField>
        <FormField label="CVC" error={errors.cvc?.message}>
          {(control) => (
            <Input {...control} inputMode="numeric" autoComplete="cc-csc" placeholder="123" {...form.register('cvc')} />
          )}
        </FormField>
      </div>
      <Button type="submit" size="lg" busy={pay.isPending}>
        {pay.isPending ? <Spinner /> : <Lock aria-hidden="true" />}
        Pay {formatPounds(checkout.amount_pence)}
      </Button>
    </form>
  );
}

/** The local provider's checkout page (TEST MODE): what is bought, and a test card form. */
export function LocalCheckout({ id }: { id: string }) {
  const checkout = useLocalCheckout(id);

  if (checkout.isPending) {
    return (
      <p role="status" className="text-muted-foreground flex items-center gap-3">
        <Spinner className="text-primary size-5" />
        Loading checkout...
      </p>
    );
  }
  if (checkout.isError || !checkout.data) {
    return (
      <Alert variant="destructive">
        <AlertTitle>This checkout could not be found</AlertTitle>
        <AlertDescription>
          <p>
            It may belong to another account.{' '}
            <Link to="/subscription" className="font-medium underline underline-offset-4">
              Start again from your subscription page
            </Link>
            .
          </p>
        </AlertDescription>
      </Alert>
    );
  }
  const data = checkout.data;

  return (
    <div className="grid gap-6">
      <TestModeBanner cards={!data.paid} />
      <Card>
        <CardHeader>
          <CardTitle>{data.paid ? 'Payment successful' : `Subscribe to ${data.plan_name}`}</CardTitle>
          <CardDescription>
            {data.paid
              ? `Your ${data.plan_name} subscription is active. You can close this tab and return to Calm Space.`
              : 'Enter your card details to start your subscription.'}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <Summary checkout={data} />
          {data.paid ? (
            <div className="grid gap-3">
              <p className="flex items-center gap-2 font-medium text-teal-800">
                <CheckCircle2 aria-hidden="true" className="size-5" />
                Paid
              </p>
              <Button asChild variant="outline" className="w-full sm:w-fit">
                <Link to="/subscription">Back to your subscription</Link>
              </Button>
            </div>
          ) : (
            <CardForm checkout={data} />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
