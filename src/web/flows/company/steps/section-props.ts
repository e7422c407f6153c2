import type { CampaignDefinition } from '../../../../contract/campaign';
import type { FieldIssue } from '../api/api-error';

/** What every section screen gets from the flow. Screens never navigate by themselves. */
export interface SectionProps<V> {
  campaign: CampaignDefinition;
  /** Saved (or typed earlier in this visit) values of the section. */
  initial: V | undefined;
  /** Every change, for autosave (the flow debounces). */
  onChange: (values: V) => void;
  /** Valid values, after the person pressed the primary button. */
  onNext: (values: V) => void;
  onBack: () => void;
  /** "Step n of N". */
  position: { current: number; total: number } | undefined;
  /** "Continue", or "Save and go back to review" when editing from the review. */
  nextLabel: string;
  /** Problems the server found at submit, paths relative to the section. */
  issues: readonly FieldIssue[];
}
