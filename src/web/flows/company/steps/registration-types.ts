// Choices offered for the business's legal form and the representative's relationship. Stored as
// these stable codes (translated on screen); the payload passes them through as strings.
export const REGISTRATION_TYPES = [
  'private_limited', 'public_limited', 'limited_partnership', 'partnership', 'sole_proprietorship',
  'non_profit', 'cooperative', 'government', 'other',
] as const;

export const RELATIONSHIPS = [
  'director', 'shareholder', 'officer', 'employee', 'legal_representative', 'other',
] as const;

export const OFFICER_ROLES = ['director', 'secretary', 'chief_executive', 'chief_financial', 'partner', 'other'] as const;
