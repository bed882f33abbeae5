import { useEffect, useState } from 'react';
import { zodResolver } from '@/lib/zod-resolver';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { exitSurveyDetailsSchema, exitSurveyStepOneSchema } from '@app/shared';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ApiError } from '@/lib/api';
import { showServerFieldErrors } from '@/lib/server-field-errors';
import { useSubmitExitSurvey } from '../api/submit-exit-survey';
import type { DetailsInput, DetailsValues, SurveyInput, SurveyValues } from '../lib/exit-survey-forms';
import { DetailsStep } from './details-step';
import { SurveyStep } from './survey-step';

export interface ExitIntentPopupProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The exit-intent offer: 30 days free, in two short steps (docs/product.md#exit-intent-offer). */
export function ExitIntentPopup({ open, onOpenChange }: ExitIntentPopupProps) {
  const navigate = useNavigate();
  const submit = useSubmitExitSurvey();
  const [step, setStep] = useState<1 | 2>(1);
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

  useEffect(() => {
    if (step === 2) detailsForm.setFocus('name');
  }, [step, detailsForm]);

  const sendSurvey = async (details: DetailsValues) => {
    if (!survey) return;
    try {
      await submit.mutateAsync({ ...survey, ...details });
    } catch (error) {
      showServerFieldErrors(error, detailsForm.setError, ['name', 'email']);
      const tooMany = error instanceof ApiError && error.status === 429 && error.serverMessage;
      toast.error('Error', { description: tooMany || 'Failed to submit. Please try again.' });
      return;
    }
    toast.success('Welcome to Your 30-Day Free Trial!', {
      description: 'Sign up now to claim your free 30 days offer',
      action: { label: 'Sign Up', onClick: () => void navigate('/auth', { state: { tab: 'signup' } }) },
    });
    onOpenChange(false);
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
        <DialogHeader>
          <p className="text-primary text-xs font-semibold tracking-wide uppercase">Step {step} of 2</p>
          <DialogTitle className="text-xl">Before you go: 30 days of calm, on us</DialogTitle>
          <DialogDescription>
            Claim a 30-day free trial of Calm Space. No credit card needed, cancel anytime.
            {step === 1 ? ' Two quick questions first, so we can shape it around you.' : ' Where should we send it?'}
          </DialogDescription>
        </DialogHeader>
        {step === 1 ? (
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
