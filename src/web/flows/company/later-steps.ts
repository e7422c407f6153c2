// The company flow's steps after the welcome, in one chunk: downloaded while the welcome is
// read (prefetchLaterSteps), so the first screen carries only what it shows.
export { DocumentsStep } from './documents/documents-step';
export { LivenessStep } from './liveness/liveness-step';
export { ReviewStep } from './review/review-step';
export { BusinessStep } from './steps/business-step';
export { ContactStep } from './steps/contact-step';
export { DoneStep } from './steps/done-step';
export { OfficersStep } from './steps/officers-step';
export { OwnershipStep } from './steps/ownership-step';
export { QuestionsStep } from './steps/questions-step';
export { RepresentativeStep } from './steps/representative-step';
