package org.openmark.cluster.coordinator;

import org.openmark.cluster.protocol.PlanConfig;
import org.openmark.load.Share;

/**
 * What each worker of a run is sent: the configuration of its share, derived by the coordinator from
 * the run's in typed form ({@code RunConfigBuilder.parent(run).share(share)}, a staleness plan's part).
 */
@FunctionalInterface
public interface PlanShares {
    /**
     * The configuration of {@code share} of the run.
     *
     * @throws org.openmark.config.ConfigException when the run cannot be split so (the session checks every
     *     share before the run begins)
     */
    PlanConfig of(Share share);
}
