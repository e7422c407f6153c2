// The individual flow's screens after the welcome, loaded as one chunk (see prefetch.ts).
export { ClosedLinkScreen } from '../../app/screens/closed-link-screen';
export { StatusScreen } from '../../app/screens/status-screen';
export { DocumentChoiceStep } from './steps/document-choice-step';
export { DoneStep } from './steps/done-step';
export { ReviewStep } from './steps/review-step';
export { SubmittingStep } from './steps/submitting-step';
