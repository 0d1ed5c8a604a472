/** v2 (onboarding) flows: the flow, its applicants, what uploads said, and its chat. */

export type FlowState = 'ACTIVE' | 'COMPLETED';
export type ApplicantType = 'primary' | 'coApplicant';

export interface OnboardingFlow {
  clientId: string;
  flowId: string;
  productType: string;
  applicationId: string;
  /** The primary applicant's reference: with application_id, the flow's identity. */
  externalReferenceId: string;
  callbackUrl?: string;
  chatNotificationUrl?: string;
  authTokenUrl?: string;
  flowParams: Record<string, unknown>;
  state: FlowState;
  createdAt: string;
  submittedAt?: string;
  /** Chat message numbers handed out. */
  chatSeq?: number;
  /** The client's retention when the flow was made (absent: the stage's); every item of the flow keeps it. */
  retentionDays?: number;
}

export interface Applicant {
  applicantId: string;
  externalReferenceId: string;
  username: string;
  applicantType: ApplicantType;
  /** The integrator's checklist for this applicant; absent: the product's list for the type. */
  userDocs?: string[];
  createdAt: string;
  /** Set by the operator (`applicant delete`): the applicant then answers 410. */
  deletedAt?: string;
}

/** What an upload said about one of its files, beside the pipeline's own file item. */
export interface UploadNote {
  seq: number;
  /** The applicant named by the upload; absent: attributed by name when read. */
  externalReferenceId?: string;
  submissionMode?: string;
}

/** The assistant's `sender` value beside the spec's `user` (docs/onboarding.md). */
export type Sender = 'user' | 'assistant';

export interface ChatMessage {
  seq: number;
  messageId: string;
  sender: Sender;
  message: string;
  createdAt: string;
}
