import type { AppContext } from '../context';
import { startExpirySweeper } from './expiry-sweeper';
import { createWebhookWorker, type WorkerOptions } from '../webhooks/worker';
import { createDecisionRunner, type DecisionRunner, type RunnerOptions } from '../decisions/decision-runner';
import { individualDecisionSubject } from '../individual/apply-checks';

export interface Jobs {
  decisions: DecisionRunner | null;
  stop(): Promise<void>;
}

/**
 * Background jobs of one server process: the webhook delivery worker (unless WEBHOOK_WORKER=0),
 * the decision runner (unless DECISION_WORKER=0; it decides the individual product's sessions) and the expiry sweeper. Wires ctx.kickWebhooks to the worker so a committed event is sent at
 * once instead of at the next poll. stop() finishes in-flight deliveries and sweeps.
 */
export function startJobs(ctx: AppContext, opts: { webhooks?: WorkerOptions; decisions?: RunnerOptions } = {}): Jobs {
  const worker = ctx.settings.webhookWorker ? createWebhookWorker(ctx, opts.webhooks) : null;
  if (worker) {
    ctx.kickWebhooks = () => worker.kick();
    worker.start();
  }
  const sweeper = startExpirySweeper(ctx);
  const decisions = ctx.settings.decisionWorker ? createDecisionRunner(ctx, individualDecisionSubject(ctx), opts.decisions) : null;
  if (decisions) {
    ctx.decisionRunner = decisions;
    decisions.start();
  }
  return {
    decisions,
    async stop() {
      ctx.kickWebhooks = () => {};
      ctx.decisionRunner = undefined;
      await Promise.all([worker?.stop(), sweeper.stop(), decisions?.stop()]);
    },
  };
}
