import { z } from 'zod';

// Placeholder: the campaign model (steps, required fields, documents, questions, threshold,
// countries, liveness) is filled in by the company-flow work.
export const campaignDefinitionSchema = z.record(z.string(), z.unknown());
export type CampaignDefinition = z.infer<typeof campaignDefinitionSchema>;
export const defaultCampaignDefinition: CampaignDefinition = {};
