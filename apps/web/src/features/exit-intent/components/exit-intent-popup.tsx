import { useState } from 'react';
import { zodResolver } from '@/lib/zod-resolver';
import { useForm } from 'react-hook-form';
import { useNavigate } from '@/lib/app-navigation';
import { toast } from 'sonner';
import { exitSurveyDetailsSchema, exitSurveyStepOneSchema } from '@app/shared';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ApiError } from '@/lib/api';
import { useBetaCopy } from '@/lib/beta-places';
import { showServerFieldErrors } from '@/lib/server-field-errors';
import { useSubmitExitSurvey } from '../api/submit-exit-survey';
import type { DetailsInput, DetailsValues, SurveyInput, SurveyValues } from '../lib/exit-survey-forms';
import { ClaimedStep } from './claimed-step';
import { DetailsStep } from './details-step';
import { SurveyStep } from './survey-step';
import { SIGN_UP_PATH, SIGN_UP_STATE } from '@/lib/sign-up-link';
import { localStore } from '@/lib/browser-storage';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { findPlanByKey } from '@app/shared';

/** The plan the offer gives: 30-Day Free Access, granted from sign-up. */
const OFFER_PLAN = findPlanByKey('thirty_day_free')!.name;

/** One id, so a later success can take an earlier failure's toast away. */
const CLAIM_ERROR_TOAST = 'exit-survey-error';

export interface ExitIntentPopupProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The exit-intent offer: 30 days free, in two short steps (docs/product.md#exit-intent-offer). */
export function ExitIntentPopup({ open, onOpenChange }: ExitIntentPopupProps) {
  const navigate = useNavigate();
  const submit = useSubmitExitSurvey();
  const beta = useBetaCopy();
  const [step, setStep] = useState<1 | 2>(1);
  // Who claimed: the popup then offers sign-up with these filled in.
  const [claimed, setClaimed] = useState<DetailsValues | null>(null);
  // Nothing opened the popup, so Radix has no trigger to return focus to: remember where the visitor was.
  const [returnFocusTo] = useState(() => document.activeElement);
  const [survey, setSurvey] = useState<SurveyValues | null>(null);
  // Both forms live here, so answers survive moving between the steps and a failed send.
  const surveyForm = useForm<SurveyInput, unknown, SurveyValues>({
    resolver: zodResolver(exitSurveyStepOneSchema),
    defaultValues: { reason: '' },
  });
  const detailsForm = useForm<DetailsInput, unknown, DetailsValues>({
    resolver: zodResolver(exitSurveyDetailsSchema),
    defaultValues: { name: '', email: '' },
  });

  const sendSurvey = async (details: DetailsValues) => {
    if (!survey) return;
    try {
      await submit.mutateAsync({ ...survey, ...details });
    } catch (error) {
      showServerFieldErrors(error, detailsForm.setError, ['name', 'email']);
      const tooMany = error instanceof ApiError && error.status === 429 && error.serverMessage;
      toast.error('Error', { id: CLAIM_ERROR_TOAST, description: tooMany || 'Failed to submit. Please try again.' });
      return;
    }
    // An earlier failure's toast is out of date now.
    toast.dismiss(CLAIM_ERROR_TOAST);
    // Sign-up and onboarding start on the offer's plan, as on a plan chosen on /pricing; the
    // server grants it to the account with this email once it is confirmed (decision 065).
    localStore.set(STORAGE_KEYS.selectedPricingPlan, OFFER_PLAN);
    setClaimed(details);
  };

  const signUp = () => {
    if (!claimed) return;
    onOpenChange(false);
    // Navigation state, not the address: an email never goes into a URL. The address names
    // the tab, so a marketing page's page load arrives on it (decision 041).
    void navigate(SIGN_UP_PATH, {
      state: { ...SIGN_UP_STATE, prefill: { fullName: claimed.name, email: claimed.email } },
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="sm:max-w-md"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (returnFocusTo instanceof HTMLElement && returnFocusTo.isConnected) returnFocusTo.focus();
        }}
      >
        {claimed ? (
          <DialogHeader>
            <DialogTitle className="text-xl">Welcome to Your 30-Day Free Trial!</DialogTitle>
            <DialogDescription>Sign up now to claim your free 30 days offer.</DialogDescription>
          </DialogHeader>
        ) : (
          <DialogHeader>
            <p className="text-primary text-xs font-semibold tracking-wide uppercase">Step {step} of 2</p>
            <DialogTitle className="text-xl">Before you go: 30 days of calm, on us</DialogTitle>
            <DialogDescription>
              {/* What the offer gives, and nothing more (decision 065): 30 days of full coaching from sign-up. */}
              Join the free private beta: your first 30 days of full coaching are on us, from the day you join
              {beta && ` (${beta.spotsOfSeats})`}. No credit card needed, nothing to cancel.
              {step === 1 ? ' Two quick questions first, so we can shape it around you.' : ' Where should we send it?'}
            </DialogDescription>
          </DialogHeader>
        )}
        {claimed ? (
          <ClaimedStep
            name={claimed.name}
            email={claimed.email}
            onSignUp={signUp}
            onClose={() => onOpenChange(false)}
          />
        ) : step === 1 ? (
          <SurveyStep
            form={surveyForm}
            onContinue={(values) => {
              setSurvey(values);
              setStep(2);
            }}
          />
        ) : (
          <DetailsStep form={detailsForm} onSubmit={sendSurvey} onBack={() => setStep(1)} />
        )}
      </DialogContent>
    </Dialog>
  );
}
