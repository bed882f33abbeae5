/**
 * Facts both legal documents state (docs/product.md#data-we-keep), kept in one
 * place so the terms and the privacy policy never disagree.
 */
export const LEGAL = {
  lastUpdated: '27 November 2026',
  company: 'Calm Space',
  supportEmail: 'support@calmspace.co.uk',
  privacyEmail: 'privacy@calmspace.co.uk',
  minimumAge: 18,
  childrenAge: 16,
  deletionGraceDays: 30,
  financialRecordYears: 7,
  breachNoticeHours: 72,
  rightsResponse: 'one month',
  priceChangeNoticeDays: 30,
  jurisdiction: 'England and Wales',
} as const;
