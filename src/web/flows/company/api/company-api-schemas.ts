// The company API's answers after the first one, checked with the contract's zod schemas: this
// module (and zod) loads once the form is under way, not before the welcome screen.
export {
  livenessSelfieResponseSchema, saveDraftResponseSchema, startLivenessResponseSchema, submitCompanyResponseSchema,
  uploadedDocumentSchema,
} from '../../../../contract/hosted-company';
export { livenessChallengeSchema } from '../../../../contract/liveness-session';
