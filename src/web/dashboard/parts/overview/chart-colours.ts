/**
 * Chart colours: SVG attributes cannot read the theme's CSS variables, so these are fixed and
 * chosen for ≥ 3:1 contrast against a white background (WCAG 1.4.11, graphics).
 */
export const chartColours = {
  opened: '#1d4ed8',
  submitted: '#047857',
  decided: '#7c3aed',
  approved: '#047857',
  declined: '#b91c1c',
  review: '#b45309',
  resubmission: '#0e7490',
  abandoned: '#4b5563',
  cancelled: '#6b7280',
} as const;
