package org.openmark.metrics;

import java.util.function.DoubleUnaryOperator;
import org.openmark.run.Model;
import org.openmark.run.Phase;
import org.openmark.run.RunConfig;

/**
 * What live metrics need to know of a phase before it starts, taken from its resolved
 * configuration once: the run's identity (the info metric), the load model's constant figures,
 * where the phase's parts begin and end on its time axis, and the limits its verdicts apply.
 *
 * @param command the command that runs it ({@code run}, {@code load}, {@code rate}, ...)
 * @param store the store's name
 * @param seed the run's seed
 * @param model {@code open} or {@code closed}
 * @param loadPhase true for the load phase
 * @param threads the closed model's client threads (0 for the open model)
 * @param targetRateAt the target rate (ops/s) at a time since the phase started (seconds), or null
 *     when the run is not paced (a closed model without {@code -target})
 * @param warmupSeconds the warm-up's length
 * @param durationSeconds the phase's time limit (0 = none; then no grace is told apart)
 * @param maxSendLagSeconds the open model's send-lag p99 limit
 * @param maxErrorRate the store's error budget (a share of the operations)
 */
public record RunFacts(String command, String store, long seed, String model, boolean loadPhase, int threads,
        DoubleUnaryOperator targetRateAt, double warmupSeconds, double durationSeconds, double maxSendLagSeconds,
        double maxErrorRate) {

    /** The facts of {@code cfg}, run by {@code command}. */
    public static RunFacts of(String command, RunConfig cfg) {
        boolean load = cfg.phase() == Phase.LOAD;
        Model model = cfg.model();
        DoubleUnaryOperator target = switch (model) {
            case Model.Open open -> seconds -> open.schedule().rateAt((long) (seconds * 1e9));
            case Model.Closed closed when closed.paced() -> seconds -> closed.targetPerSec();
            case Model.Closed closed -> null;
        };
        return new RunFacts(command, cfg.store(), cfg.seed(), model instanceof Model.Closed ? "closed" : "open", load,
                model instanceof Model.Closed closed ? closed.threads() : 0, target,
                load ? 0 : cfg.warmup().toNanos() / 1e9, load ? 0 : cfg.duration().toNanos() / 1e9,
                cfg.thresholds().maxSendLag().toNanos() / 1e9, cfg.thresholds().maxErrorRate());
    }

    /** True for the open model, whose generator is judged by its send lag. */
    boolean openModel() {
        return "open".equals(model);
    }
}
