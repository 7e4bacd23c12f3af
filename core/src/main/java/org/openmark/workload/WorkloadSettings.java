package org.openmark.workload;

import java.util.Optional;
import java.util.OptionalLong;
import org.openmark.api.Clock;

/**
 * A workload's configuration, resolved and validated once from the properties (the edge; see
 * {@link Workloads#resolve}), typed: what a run's configuration carries, what a derived
 * configuration changes (a worker's part of the load: {@code insertstart}/{@code insertcount}), and
 * what makes the workload, so that the workload does what the configuration says rather than what
 * some properties say. Implementations are immutable values (records), equal when they say the same.
 */
public interface WorkloadSettings {

    /**
     * The workload these settings describe.
     *
     * @param clock the run's clock (a workload never waits on it, but it may time retries)
     * @param operationCount the run's operation count when a count bounds it, else empty (YCSB
     *     sizes the zipfian key range for the inserts to come)
     * @throws org.openmark.config.ConfigException when the settings cannot make a run's workload (the
     *     core workload without {@code recordcount})
     */
    Workload create(Clock clock, OptionalLong operationCount);

    /** The shape of its records: what a store keeps and an operation holds of them. */
    RecordShape recordShape();

    /** True when its operations are units of work by default (the default of {@code txn.enabled}). */
    default boolean transactional() {
        return false;
    }

    /** The relative weights of its operations, when it draws them from YCSB's proportions. */
    default Optional<CoreWorkloadConfig.Proportions> operationProportions() {
        return Optional.empty();
    }
}
