import type { PagedDto } from '../http/paging';

/** What the API answers about tracker feedback, to the member and to the admin. */

/** A stored tracker-feedback answer (lists as the spec stores them: "a, b"). */
export type TrackerFeedbackDto = {
  id: string;
  user_id: string;
  tracking: string;
  project_management_tools: string;
  visual_feature_preferences: string;
  additional_thoughts: string | null;
  created_at: string;
  updated_at: string;
};

/** A tracking method with how many members chose it. */
export type TrackingMethodCountDto = {
  method: string;
  count: number;
  /** Of all submissions, whole percent. */
  percentage: number;
};

/** A member's tracker feedback with the member's name, for the admin. */
export type AdminTrackerFeedbackDto = TrackerFeedbackDto & {
  user_name: string | null;
};

/** GET /api/admin/tracker-feedback (docs/product.md#admin-back-office, Tracker Feedback). */
export type AdminTrackerFeedbackOverviewDto = {
  total_submissions: number;
  /** Submissions with non-blank additional thoughts. */
  comment_count: number;
  /** First word of the most chosen method, or 'N/A'. */
  most_popular: string;
  /** Methods chosen at least once, most chosen first. */
  methods: TrackingMethodCountDto[];
  /** The submissions with a comment, newest first, one page of them. */
  comments: PagedDto<AdminTrackerFeedbackDto>;
};
