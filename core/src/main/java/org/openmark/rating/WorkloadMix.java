package org.openmark.rating;

import org.openmark.config.ConfigException;
import org.openmark.workload.WorkloadProperties;

/**
 * The operation proportions of a workload (YCSB's {@code *proportion} properties), each
 * {@code >= 0}, not all zero; they need not sum to 1.
 */
public record WorkloadMix(double read, double update, double insert, double scan, double delete,
        double readModifyWrite) {

    /** Tolerance for "equal" insert and delete proportions (they come from decimal text). */
    static final double EQUAL_TOLERANCE = 1e-9;

    public WorkloadMix {
        check(WorkloadProperties.READ_PROPORTION, read);
        check(WorkloadProperties.UPDATE_PROPORTION, update);
        check(WorkloadProperties.INSERT_PROPORTION, insert);
        check(WorkloadProperties.SCAN_PROPORTION, scan);
        check(WorkloadProperties.DELETE_PROPORTION, delete);
        check(WorkloadProperties.READ_MODIFY_WRITE_PROPORTION, readModifyWrite);
        if (read + update + insert + scan + delete + readModifyWrite <= 0) {
            throw ConfigException.of(WorkloadProperties.READ_PROPORTION, "0",
                    "the operation proportions are all 0: at least one must be > 0");
        }
    }

    private static void check(String name, double value) {
        if (!(value >= 0 && Double.isFinite(value))) {
            throw ConfigException.of(name, String.valueOf(value), "must be a finite number >= 0");
        }
    }

    /** A read-only mix. */
    public static WorkloadMix readOnly() {
        return new WorkloadMix(1, 0, 0, 0, 0, 0);
    }

    /**
     * Why running this mix changes the database's statistics (the number of records), or empty
     * when it does not: reads, scans, updates and read-modify-writes keep every record in place;
     * inserts and deletes in equal proportions keep the record count steady on average.
     */
    public java.util.Optional<String> changesDatabase() {
        if (Math.abs(insert - delete) <= EQUAL_TOLERANCE) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(WorkloadProperties.INSERT_PROPORTION + "=" + RatingFormat.trim(insert) + " and "
                + WorkloadProperties.DELETE_PROPORTION + "=" + RatingFormat.trim(delete) + " differ, so every experiment "
                + (insert > delete ? "grows" : "shrinks") + " the database and later experiments would measure a"
                + " different database");
    }
}
