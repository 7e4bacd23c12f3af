package org.openmark.workload;

import java.util.Optional;
import org.openmark.api.Store;

/**
 * Decides <em>what</em> a run does: which operations, on which keys, with which values. A
 * workload never sleeps, never measures and does not know the load model. It is created once
 * per run from the resolved configuration and hands out one {@link WorkloadClient} per
 * generating thread (a closed-model client thread, or the open model's scheduler).
 */
public interface Workload {

    /** The table (YCSB {@code table} property) the workload operates on. */
    String table();

    /** How many operations the load phase issues in total (YCSB {@code insertcount}). */
    long loadOperationCount();

    /**
     * A generator for one client. Clients share the workload's thread-safe state (the insert
     * key sequence, the acknowledged-insert counter) but each has its own random stream derived
     * from {@code seed} and {@code clientIndex}, so the same seed replays the same sequence.
     *
     * @param clientIndex 0-based index of this client among {@code clientCount}
     * @param clientCount how many clients share the load phase (each inserts its share)
     * @param seed the run's seed
     */
    WorkloadClient newClient(int clientIndex, int clientCount, long seed);

    /**
     * Checks the store after a run (e.g. the closed economy's invariant). Workloads without a
     * validation stage return empty.
     */
    default Optional<ValidationReport> validate(Store store) {
        return Optional.empty();
    }

    /**
     * About how many bytes of heap one record of this workload takes in a store that keeps it in
     * memory (its values and their per-field overhead); 0 when it does not say.
     */
    default long recordBytes() {
        return 0;
    }

    /**
     * About how many bytes of heap the load generator holds for one operation of this workload in
     * flight: its record's values as made, as the store's client copies them and as a read gives
     * them back, or a scan's records; 0 when it does not say.
     */
    default long operationBytes() {
        return 0;
    }

    /**
     * What the reads of records the load wrote found ({@link MissingRecords}), or null when the
     * workload does not know which records must be there.
     */
    default MissingRecords missingRecords() {
        return null;
    }

    /**
     * The checks of what its reads return ({@code dataintegrity}), which the driver makes after
     * each read ({@link Operation#hasDataToCheck}) and the run judges; null when it checks nothing.
     */
    default DataChecks dataChecks() {
        return null;
    }

    /** Figures the workload kept during the run (e.g. transaction outcomes), for the reports. */
    default java.util.List<ReportSection> reportSections() {
        return java.util.List.of();
    }
}
