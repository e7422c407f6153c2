import { describe, expect, it } from 'vitest';
import { defaultCampaignDefinition, reviewStepIndex } from '../../../contract/campaign';
import {
  buildSteps,
  canJumpTo,
  markCompleted,
  nextStep,
  previousStep,
  resumeStep,
  savedStep,
  sectionSteps,
  stepIndex,
  stepPosition,
} from './company.flow';

const full = buildSteps(defaultCampaignDefinition);
const short = buildSteps({ steps: ['business', 'questions', 'review'] });

describe('step table', () => {
  it('wraps the campaign steps in welcome, review and done', () => {
    expect(full.map((s) => s.id)).toEqual([
      'welcome', 'business', 'contact', 'representative', 'officers', 'ownership', 'documents', 'liveness', 'review', 'done',
    ]);
    expect(short.map((s) => s.id)).toEqual(['welcome', 'business', 'questions', 'review', 'done']);
  });

  it('adds review even when the campaign leaves it out', () => {
    expect(buildSteps({ steps: ['contact'] }).map((s) => s.id)).toEqual(['welcome', 'contact', 'review', 'done']);
  });

  it('follows the campaign order', () => {
    expect(sectionSteps(buildSteps({ steps: ['ownership', 'business'] }))).toEqual(['ownership', 'business']);
  });

  it('numbers only the campaign steps', () => {
    expect(stepPosition(full, 'business')).toEqual({ current: 1, total: 8 });
    expect(stepPosition(full, 'ownership')).toEqual({ current: 5, total: 8 });
    expect(stepPosition(full, 'review')).toEqual({ current: 8, total: 8 });
    expect(stepPosition(full, 'welcome')).toBeNull();
    expect(stepPosition(full, 'done')).toBeNull();
  });
});

describe('transitions', () => {
  it('goes forward through the table and stops at done', () => {
    expect(nextStep(short, 'welcome')).toBe('business');
    expect(nextStep(short, 'business')).toBe('questions');
    expect(nextStep(short, 'review')).toBe('done');
    expect(nextStep(short, 'done')).toBe('done');
  });

  it('goes back to welcome from the first section, and never back from done', () => {
    expect(previousStep(short, 'questions')).toBe('business');
    expect(previousStep(short, 'business')).toBe('welcome');
    expect(previousStep(short, 'welcome')).toBeNull();
    expect(previousStep(short, 'done')).toBeNull();
  });

  it('treats a step the campaign does not have as the start', () => {
    expect(nextStep(short, 'officers')).toBe('welcome');
  });
});

describe('resume', () => {
  it('starts at welcome until consent is on record', () => {
    expect(resumeStep(full, { status: 'not started', currentStep: 0, completedSteps: [], consented: false })).toBe('welcome');
    // Started (a document uploaded by another client, or before consent was recorded) but no consent.
    expect(resumeStep(full, { status: 'started', currentStep: 3, completedSteps: [], consented: false })).toBe('welcome');
    // Start then leads to the saved step.
    expect(savedStep(full, 3)).toBe('officers');
    expect(savedStep(full, 0)).toBe('business');
  });

  it('continues at the saved step index', () => {
    expect(resumeStep(full, { status: 'started', currentStep: 0, completedSteps: [], consented: true })).toBe('business');
    expect(resumeStep(full, { status: 'started', currentStep: 3, completedSteps: ['business'], consented: true })).toBe('officers');
    expect(resumeStep(full, { status: 'started', currentStep: 7, completedSteps: [], consented: true })).toBe('review');
    expect(resumeStep(short, { status: 'started', currentStep: 1, completedSteps: [], consented: true })).toBe('questions');
  });

  it('lands on review when the index is past the end', () => {
    expect(resumeStep(short, { status: 'started', currentStep: 9, completedSteps: [], consented: true })).toBe('review');
    expect(resumeStep(short, { status: 'started', currentStep: -2, completedSteps: [], consented: true })).toBe('business');
  });

  it('records review as its own index and resumes there, with or without review in the campaign', () => {
    for (const definition of [defaultCampaignDefinition, { steps: ['business', 'contact'] as const }, { steps: ['business', 'questions', 'review'] as const }]) {
      const steps = buildSteps({ steps: [...definition.steps] });
      const index = stepIndex(steps, 'review');
      expect(index).toBe(reviewStepIndex({ steps: [...definition.steps] }));
      expect(resumeStep(steps, { status: 'started', currentStep: index, completedSteps: [], consented: true })).toBe('review');
    }
    // Without review in the campaign, review is one past the last section, not the last section.
    const noReview = buildSteps({ steps: ['business', 'contact'] });
    expect(stepIndex(noReview, 'review')).toBe(2);
    expect(stepIndex(noReview, 'contact')).toBe(1);
  });

  it('maps steps back to the index the server stores', () => {
    expect(stepIndex(full, 'business')).toBe(0);
    expect(stepIndex(full, 'officers')).toBe(3);
    expect(stepIndex(full, 'review')).toBe(7);
    expect(stepIndex(full, 'welcome')).toBe(0);
    for (const s of full.filter((x) => x.counted)) {
      expect(resumeStep(full, { status: 'started', currentStep: stepIndex(full, s.id), completedSteps: [], consented: true })).toBe(s.id);
    }
  });
});

describe('jumping from the step list', () => {
  it('allows completed sections and the current step only', () => {
    const completed = ['business', 'contact'];
    expect(canJumpTo(full, 'contact', 'representative', completed)).toBe(true);
    expect(canJumpTo(full, 'representative', 'representative', completed)).toBe(true);
    expect(canJumpTo(full, 'officers', 'representative', completed)).toBe(false);
    expect(canJumpTo(full, 'welcome', 'representative', completed)).toBe(false);
    expect(canJumpTo(full, 'review', 'representative', completed)).toBe(false);
  });

  it('opens review once every section is completed', () => {
    expect(canJumpTo(short, 'review', 'business', ['business', 'questions'])).toBe(true);
  });
});

describe('markCompleted', () => {
  it('adds once and keeps flow order', () => {
    expect(markCompleted(full, ['contact'], 'business')).toEqual(['business', 'contact']);
    expect(markCompleted(full, ['business'], 'business')).toEqual(['business']);
    expect(markCompleted(full, [], 'welcome')).toEqual([]);
  });
});
