// Shared by this flow's jsdom tests only: English i18n, a router, and a campaign.
import { configure, render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { FlowRouter, memoryHistory } from '../../app/router';
import { campaignDefinitionSchema, type CampaignDefinitionInput } from '../../../contract/campaign';
import { registerCompanyResources } from '../../i18n/lazy-resources';
import { initI18n } from '../../i18n/i18n';

export function renderWithApp(ui: ReactElement, url = '/company'): RenderResult {
  registerCompanyResources(initI18n('en'));
  return render(<FlowRouter history={memoryHistory(url)}>{ui}</FlowRouter>);
}

export function testCampaign(input: CampaignDefinitionInput = {}) {
  return campaignDefinitionSchema.parse(input);
}

export const noop = () => undefined;

// The CI machine is shared and slow at times: give async queries room before failing.
configure({ asyncUtilTimeout: 5000 });
