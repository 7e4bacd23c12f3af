package org.openmark.cluster.coordinator;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.openmark.cluster.protocol.PlanPhase;

/**
 * One run of the session, as the session asks the coordinator for it.
 *
 * @param phase a load or run phase, or a staleness measurement
 * @param plans what each worker is sent: the configuration of its share
 * @param autoload whether a run phase loads a store that every worker found empty (the run's {@code autoload})
 * @param granularity how long each merged interval is (the run's {@code --granularity})
 * @param warmup the run's warm-up (its end is a boundary of the merged intervals too)
 * @param startMargin how long after the last worker is ready the run starts (plus two round trips)
 * @param doneTimeout how long after a stop the workers have to report before they are counted lost
 * @param output where the merged intervals go
 * @param costs what merging costs the coordinator
 * @param outcome completed when the run is over
 */
public record RunSetup(PlanPhase phase, PlanShares plans, boolean autoload, Duration granularity, Duration warmup,
        Duration startMargin, Duration doneTimeout,
        MergedOutput output, MergeCosts costs, CompletableFuture<CoordinatorOutcome> outcome) {
}
