import { deleteApplicant } from '../app/onboarding/applicants.ts';
import { command } from './commands.ts';

/** Marks an onboarding applicant deleted (app/onboarding/applicants.ts deleteApplicant). */
export const deleteApplicantCommand = command(deleteApplicant);
